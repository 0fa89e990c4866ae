/**
 * Everything the metadata readers look up, gathered in one walk over the document: linkedom
 * evaluates every selector or getElementsByTagName call by walking the whole tree, and a dozen
 * such lookups cost as much as Readability itself.
 */
export type PageIndex = {
  /** `<meta>` content by lower-cased property / name / itemprop; the first occurrence wins. */
  meta: Map<string, string>;
  /** Text of each `application/ld+json` script. */
  jsonLd: string[];
  /** href of the first `<link>` per rel word (canonical, image_src, ...), and of `<base>`. */
  links: Map<string, string>;
  baseHref: string;
  /** `<time datetime>` elements, microdata (`itemprop`) elements, `a[rel~=author]` and elements with "date" in their class. */
  times: Element[];
  microdata: Element[];
  authorLinks: Element[];
  dateClassed: Element[];
  /** The `<html lang>` attribute, or "". */
  htmlLang: string;
  /** `<link rel="author">` and `<link rel="alternate">` elements (feeds, translations). */
  headLinks: Element[];
  /** Elements whose class or id names a byline (`byline`, `author-name`…). */
  bylineClassed: Element[];
};

function words(value: string | null): string[] {
  return value ? value.toLowerCase().split(/\s+/).filter(Boolean) : [];
}

const BYLINE_CLASS = /byline|author-?name/i;

export function indexPage(document: Document): PageIndex {
  const index: PageIndex = {
    meta: new Map(),
    jsonLd: [],
    links: new Map(),
    baseHref: "",
    times: [],
    microdata: [],
    authorLinks: [],
    dateClassed: [],
    htmlLang: (document.documentElement?.getAttribute("lang") ?? "").trim(),
    headLinks: [],
    bylineClassed: [],
  };
  for (const element of document.querySelectorAll("*")) {
    switch (element.localName) {
      case "meta": {
        const content = (element.getAttribute("content") ?? "").trim();
        if (!content) break;
        for (const attribute of ["property", "name", "itemprop"]) {
          const key = (element.getAttribute(attribute) ?? "").trim().toLowerCase();
          if (key && !index.meta.has(key)) index.meta.set(key, content);
        }
        break;
      }
      case "script":
        if (/ld\+json/i.test(element.getAttribute("type") ?? ""))
          index.jsonLd.push(element.textContent ?? "");
        break;
      case "link": {
        const rels = words(element.getAttribute("rel"));
        for (const rel of rels) {
          if (!index.links.has(rel)) index.links.set(rel, element.getAttribute("href") ?? "");
        }
        if (rels.includes("author") || rels.includes("alternate")) index.headLinks.push(element);
        break;
      }
      case "base":
        index.baseHref ||= element.getAttribute("href") ?? "";
        break;
      case "time":
        if (element.hasAttribute("datetime")) index.times.push(element);
        break;
      case "a":
        if (words(element.getAttribute("rel")).includes("author")) index.authorLinks.push(element);
        break;
    }
    if (element.hasAttribute("itemprop")) index.microdata.push(element);
    const className = element.getAttribute("class") ?? "";
    if (className.includes("date")) index.dateClassed.push(element);
    if (BYLINE_CLASS.test(`${className} ${element.getAttribute("id") ?? ""}`))
      index.bylineClassed.push(element);
  }
  return index;
}

/** Whether the element's `itemprop` lists `property` (case-insensitive). */
export function hasItemprop(element: Element, property: string): boolean {
  return words(element.getAttribute("itemprop")).includes(property.toLowerCase());
}

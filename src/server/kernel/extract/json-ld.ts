import { fragmentParagraphs, fragmentText } from "./html-fragment";

/** What a page's schema.org JSON-LD says about its article; empty strings where it says nothing. */
export type JsonLdArticle = {
  headline: string;
  description: string;
  authors: string[];
  datePublished: string;
  /** As written in the page: may be relative. */
  image: string;
  /** Body paragraphs, when the publisher embeds the text (`articleBody`). */
  bodyParagraphs: string[];
  /** The publisher's name (`publisher.name`, followed through `@id` references). */
  publisher: string;
  /** `inLanguage` as written (`en-GB`), or "". */
  language: string;
};

type JsonObject = { [key: string]: unknown };

const ARTICLE_TYPE = /(Article|BlogPosting|Posting|Report|Review)$/;
const PAGE_TYPE = /^(WebPage|ItemPage)$/;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const CONTROL_ESCAPES: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** Escapes raw line breaks and tabs inside string literals (invalid JSON, but common in JSON-LD). */
function escapeControlsInStrings(text: string): string {
  let out = "";
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? "";
    if (inString && char === "\\") {
      out += char + (text[i + 1] ?? "");
      i++;
      continue;
    }
    if (char === '"') inString = !inString;
    out += inString ? (CONTROL_ESCAPES[char] ?? char) : char;
  }
  return out;
}

/** Publishers ship broken JSON-LD often enough: raw line breaks in strings and trailing commas. */
function parseLenient(source: string): unknown {
  const text = source.trim().replace(/^<!--|-->$/g, "");
  try {
    return JSON.parse(text);
  } catch {
    try {
      return JSON.parse(escapeControlsInStrings(text).replace(/,\s*([\]}])/g, "$1"));
    } catch {
      return undefined;
    }
  }
}

function collectNodes(value: unknown, out: JsonObject[]): void {
  if (Array.isArray(value)) {
    for (const item of value) collectNodes(item, out);
    return;
  }
  if (!isObject(value)) return;
  out.push(value);
  collectNodes(value["@graph"], out);
  collectNodes(value["mainEntity"], out);
}

function types(node: JsonObject): string[] {
  const type = node["@type"];
  if (typeof type === "string") return [type];
  return Array.isArray(type) ? type.filter((t): t is string => typeof t === "string") : [];
}

function firstString(value: unknown): string {
  if (typeof value === "string") return value.trim();
  if (Array.isArray(value)) {
    for (const item of value) {
      const text = firstString(item);
      if (text) return text;
    }
  }
  return "";
}

class GraphIndex {
  private readonly byId = new Map<string, JsonObject>();

  constructor(nodes: JsonObject[]) {
    for (const node of nodes) {
      const id = node["@id"];
      if (typeof id === "string" && Object.keys(node).length > 1 && !this.byId.has(id))
        this.byId.set(id, node);
    }
  }

  /** Follows `{"@id": ...}` references into the graph. */
  resolve(value: JsonObject): JsonObject {
    const id = value["@id"];
    return typeof id === "string" && Object.keys(value).length === 1 ? (this.byId.get(id) ?? value) : value;
  }

  names(value: unknown): string[] {
    if (typeof value === "string") return /^https?:\/\//i.test(value) ? [] : [value.trim()];
    if (Array.isArray(value)) return value.flatMap((item) => this.names(item));
    if (isObject(value)) return this.names(firstString(this.resolve(value)["name"]));
    return [];
  }

  imageUrl(value: unknown): string {
    if (typeof value === "string") return value.trim();
    if (Array.isArray(value)) {
      for (const item of value) {
        const url = this.imageUrl(item);
        if (url) return url;
      }
      return "";
    }
    if (!isObject(value)) return "";
    const image = this.resolve(value);
    return firstString(image["url"]) || firstString(image["contentUrl"]);
  }
}

/** `inLanguage` is a code, or a Language node whose `alternateName` is the code. */
function languageOf(value: unknown): string {
  if (Array.isArray(value)) return languageOf(value[0]);
  if (isObject(value)) return firstString(value["alternateName"]) || firstString(value["name"]);
  return firstString(value);
}

function bodyLength(node: JsonObject): number {
  return firstString(node["articleBody"]).length;
}

/** Reads the page's `application/ld+json` scripts (including `@graph` and arrays) for the main article. */
export function readJsonLd(scripts: string[]): JsonLdArticle | null {
  const nodes: JsonObject[] = [];
  for (const script of scripts) collectNodes(parseLenient(script), nodes);
  const articles = nodes.filter((node) => types(node).some((t) => ARTICLE_TYPE.test(t)));
  const candidates =
    articles.length > 0 ? articles : nodes.filter((node) => types(node).some((t) => PAGE_TYPE.test(t)));
  // With several articles (a page plus teasers), the one carrying the text is the page's own.
  const main = candidates.reduce<JsonObject | undefined>(
    (best, node) => (best === undefined || bodyLength(node) > bodyLength(best) ? node : best),
    undefined,
  );
  if (!main) return null;
  const graph = new GraphIndex(nodes);
  const body = firstString(main["articleBody"]);
  return {
    headline: fragmentText(firstString(main["headline"]) || firstString(main["name"])),
    description: fragmentText(firstString(main["description"])),
    authors: [
      ...new Set(
        graph
          .names(main["author"])
          .map(fragmentText)
          .filter((n) => n.length > 0),
      ),
    ],
    datePublished: firstString(main["datePublished"]) || firstString(main["dateCreated"]),
    image: graph.imageUrl(main["image"]) || graph.imageUrl(main["thumbnailUrl"]),
    bodyParagraphs: body ? fragmentParagraphs(body) : [],
    publisher: [main, ...nodes].map((node) => graph.names(node["publisher"])[0] ?? "").find(Boolean) ?? "",
    language: languageOf(main["inLanguage"]),
  };
}

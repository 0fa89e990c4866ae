/** The type the held module script carries: one the browser does not run. */
export const HELD_MODULE_TYPE = "text/x-held-module";

/**
 * A page that paints first asks for no JavaScript until it has painted (decision 038). React
 * Router writes the client's module script and a `<link rel="modulepreload">` for each file it
 * imports; on a fast link the browser fetches and runs all of it before its first frame, and a
 * phone on a slow one then counts React's start-up in its first paint. Here the module script is
 * held back (as a script of a type the browser does not run) and the preloads are taken out; a
 * small inline script puts both back once the browser reports the first paint, or at once when
 * the page is not being shown. Until then the page is the server's HTML, and every link on it works.
 *
 * The held script and the starter keep the render mark, so the page's policy allows both by hash
 * (security-headers.ts): the held one's hash is what lets its copy run. A page without React
 * Router's marked module script is returned as it was.
 */
export function holdScriptsUntilPainted(html: string, mark: string): string {
  const attribute = ` nonce="${mark}"`;
  let held = false;
  const holding = html.replace(/<script\b([^>]*)>/g, (tag, attributes: string) => {
    const ours =
      attributes.includes(' type="module"') && attributes.includes(attribute) && !/\ssrc=/.test(attributes);
    if (held || !ours) return tag;
    held = true;
    const rest = attributes.replace(' type="module"', "").replace(' async=""', "");
    return `<script type="${HELD_MODULE_TYPE}"${rest}>`;
  });
  if (!held) return html;
  const preloads: string[] = [];
  const page = holding.replace(/<link rel="modulepreload" href="([^"]+)"[^>]*>/g, (_, href: string) => {
    preloads.push(href);
    return "";
  });
  const end = page.lastIndexOf("</body>");
  return `${page.slice(0, end)}<script${attribute}>${starter(preloads)}</script>${page.slice(end)}`;
}

/** The files a page held by `holdScriptsUntilPainted` preloads once it has painted (bench:page). */
export function heldPreloads(html: string): string[] {
  const list = /const preloads=(\[[^\]]*\])/.exec(html)?.[1];
  return list ? (JSON.parse(list) as string[]) : [];
}

/**
 * The starter: once the browser reports the page's first paint, the held module back in the
 * document, then the preloads of what it imports, each in a task of its own (each insertion
 * starts a request, which costs the main thread; together they made a long task on a slow
 * phone). The paint is what the browser reports, not a timer's guess; a page not being shown, or
 * a browser that reports no paints, starts at once. The held script is found by its type: only
 * the server writes script elements into the page.
 */
const starter = (preloads: string[]) =>
  `(()=>{const preloads=${JSON.stringify(preloads)};` +
  `const go=()=>{const held=document.querySelector('script[type="${HELD_MODULE_TYPE}"]');if(!held)return;const script=document.createElement("script");script.type="module";script.textContent=held.textContent;held.replaceWith(script);` +
  `for(const href of preloads)setTimeout(()=>{const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link)})};` +
  `if(document.visibilityState!=="visible"||!(typeof PerformanceObserver==="function"&&PerformanceObserver.supportedEntryTypes?.includes("paint")))go();` +
  `else new PerformanceObserver((_,observer)=>{observer.disconnect();go()}).observe({type:"paint",buffered:true})})()`;

import { createContext, useContext, useMemo } from "react";
import { Links, UNSAFE_FrameworkContext, useMatches } from "react-router";
import { asksToPaintFirst } from "./paint-first";

/**
 * The built stylesheets' text by URL. On the server, every built stylesheet (read once at start,
 * src/server/pages.ts); undefined in development, where Vite serves them. In the browser, those
 * the first response carried inline, taken from the document before React hydrates it: a route
 * left and come back to gets its styles again from here, without a request.
 */
export const InlineStyles = createContext<ReadonlyMap<string, string> | undefined>(
  typeof document === "undefined"
    ? undefined
    : new Map(
        Array.from(document.querySelectorAll<HTMLStyleElement>("style[data-href]"), (style) => [
          style.dataset.href!,
          style.textContent ?? "",
        ]),
      ),
);

/**
 * The matched routes' stylesheets, where `<Links />` would link them: inline on a page whose route
 * asks for it, each as its own `<style data-href>` (allowed by its hash in the page's
 * Content-Security-Policy, which the render mark `nonce` asks for), linked otherwise. React
 * Router's manifest names a stylesheet two routes share with a trailing '#': the same file. (No
 * route exports `links()`; this renders only the stylesheets the build gives each route.)
 */
export function PageStyles({ nonce }: { nonce: string | undefined }) {
  const framework = useContext(UNSAFE_FrameworkContext);
  const texts = useContext(InlineStyles);
  const matches = useMatches();
  const inline = typeof document === "undefined" ? asksToPaintFirst(matches.at(-1)?.handle) : true;
  const hrefs = useMemo(() => {
    const routes = framework?.manifest.routes ?? {};
    const all = matches.flatMap((match) => routes[match.id]?.css ?? []).map((href) => href.replace(/#$/, ""));
    return [...new Set(all)];
  }, [framework, matches]);
  // The same object on every render: React sets `innerHTML` again for a new one, and a `<style>`
  // emptied in place, even for an instant, is one the policy refuses.
  const markup = useMemo(
    () => new Map(Array.from(texts ?? [], ([href, text]) => [href, { __html: text }])),
    [texts],
  );
  if (import.meta.env.DEV || !texts || !framework) return <Links nonce={nonce} />;
  return (
    <>
      {hrefs.map((href) => {
        const html = inline ? markup.get(href) : undefined;
        return html === undefined ? (
          <link key={href} rel="stylesheet" href={href} />
        ) : (
          <style key={href} data-href={href} nonce={nonce} dangerouslySetInnerHTML={html} />
        );
      })}
    </>
  );
}

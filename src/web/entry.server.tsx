import { renderToReadableStream } from "react-dom/server.edge";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { InlineStyles } from "./inline-styles";
import { asksToPaintFirst } from "./paint-first";
import { holdScriptsUntilPainted } from "./paint-first.server";
import { RenderMark } from "./render-mark";

export const streamTimeout = 5_000;

/**
 * Pages are small, so we wait for the whole document: visitors without JavaScript and search
 * engines get every word. React Router's inline scripts carry the render mark, so the server
 * allows them by their hashes (src/server/kernel/http/security-headers.ts). A page that paints
 * first (paint-first.ts) has its scripts held until it has painted (paint-first.server.ts).
 *
 * The web-streams renderer, not Node's `renderToPipeableStream`: that one runs each render in an
 * AsyncLocalStorage, which stays switched on for the life of the process and taxes every
 * request's timers and socket writes, cached answers included (decision 026).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.renderMark;
  let status = responseStatusCode;
  const stream = await renderToReadableStream(
    <RenderMark value={nonce}>
      <InlineStyles value={loadContext.inlineStyles}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </InlineStyles>
    </RenderMark>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      // Finished Suspense content (the article viewer, loaded lazily) stays in place in the
      // document. By default React moves a large one to the end of the page, hidden, for a
      // script to put back: a visitor without JavaScript would never see it.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        status = 500;
        console.error(error);
      },
    },
  );
  await stream.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const leaf = routerContext.staticHandlerContext.matches.at(-1);
  if (!leaf || !asksToPaintFirst(routerContext.routeModules[leaf.route.id]?.handle))
    return new Response(stream, { headers: responseHeaders, status });
  const html = holdScriptsUntilPainted(await new Response(stream).text(), nonce);
  return new Response(html, { headers: responseHeaders, status });
}

import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { RenderMark } from "./render-mark";

export const streamTimeout = 5_000;

/**
 * Pages are small, so we wait for the whole document: visitors without JavaScript and search
 * engines get every word. React Router's inline scripts carry the render mark, so the server
 * allows them by their hashes (src/server/http/security-headers.ts).
 */
export default function handleRequest(
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
  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    const { pipe, abort } = renderToPipeableStream(
      <RenderMark value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </RenderMark>,
      {
        nonce,
        // Finished Suspense content (the article viewer, loaded lazily) stays in place in the
        // document. By default React moves a large one to the end of the page, hidden, for a
        // script to put back: a visitor without JavaScript would never see it.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError: reject,
        onError(error) {
          responseStatusCode = 500;
          console.error(error);
        },
      },
    );
  });
}

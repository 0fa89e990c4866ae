import type { ReactNode } from "react";
import {
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteLoaderData,
} from "react-router";
import { fediverseCreator } from "../domain/account-links";
import { publicSite } from "../domain/public-site";
import type { Route } from "./+types/root";
import { PageStyles } from "./inline-styles";
import { useRenderMark } from "./render-mark";
import "./styles/base.css";

export function loader({ context, request }: Route.LoaderArgs) {
  const publicPage = !new URL(request.url).pathname.startsWith("/admin");
  return {
    liveSeq: context.liveSeq,
    // Mastodon credits the owner in link previews of any public page (once they allow the domain).
    fediverseCreator: publicPage ? fediverseCreator(publicSite(context.content.site())) : undefined,
  };
}

/**
 * `liveSeq` only matters for the page's first live stream, which then stays open across navigation: re-reading them would cost a request for nothing.
 */
export function shouldRevalidate() {
  return false;
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useRenderMark();
  const creator = useRouteLoaderData<typeof loader>("root")?.fediverseCreator;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Made by the server from the owner's name (src/server/icons/site-icons.ts). */}
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/site.webmanifest" />
        {creator ? <meta name="fediverse:creator" content={creator} /> : null}
        <Meta />
        <PageStyles nonce={nonce} />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "Something went wrong";
  return (
    <main className="error-page">
      <h1>{title}</h1>
      <p>
        Please reload the page. If it keeps happening, <a href="/">return to the front page</a>.
      </p>
    </main>
  );
}

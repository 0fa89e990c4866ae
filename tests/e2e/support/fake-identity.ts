import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeIdentity = {
  origin: string;
  /** Profile addresses on the fake: `alice` links back and credits the site; `bob` does neither. */
  profile(user: "alice" | "bob"): string;
  /** A personal page that does not link back to the site. */
  elsewhere: string;
  /** The DID the fake's `/.well-known/atproto-did` answers. */
  did: string;
  /** Paths asked, in order, with the Accept header sent. */
  hits: { path: string; accept: string | undefined }[];
  close(): Promise<void>;
};

export const FAKE_DID = "did:plc:ewvi7nxzyoun6zhxrhs64oiz";

/**
 * A fake Mastodon server and Bluesky handle host on 127.0.0.1, speaking the documented formats:
 * WebFinger (RFC 7033) at `/.well-known/webfinger?resource=acct:user@host` naming the actor
 * (`rel: self`, `application/activity+json`); the actor as ActivityPub JSON with Mastodon's
 * `attributionDomains` and profile fields (`attachment`, PropertyValue, HTML with `rel="me"`);
 * a profile page at `/@user` whose field links carry `rel="me"` as Mastodon renders them; and
 * Bluesky's HTTPS handle resolution, `/.well-known/atproto-did` as text/plain. `siteUrl()` is the
 * portfolio the accounts are about (read on each request: the server's port is known later).
 */
export async function startFakeIdentity(siteUrl: () => string): Promise<FakeIdentity> {
  const hits: FakeIdentity["hits"] = [];
  let origin = "";
  const host = () => new URL(origin).host;
  const siteHost = () => new URL(siteUrl()).hostname;

  const actor = (user: "alice" | "bob") => ({
    "@context": [
      "https://www.w3.org/ns/activitystreams",
      {
        toot: "http://joinmastodon.org/ns#",
        attributionDomains: { "@id": "toot:attributionDomains", "@type": "@id" },
        PropertyValue: "schema:PropertyValue",
        value: "schema:value",
        schema: "http://schema.org#",
      },
    ],
    id: `${origin}/users/${user}`,
    type: "Person",
    preferredUsername: user,
    name: user === "alice" ? "Alice Reporter" : "Bob",
    url: `${origin}/@${user}`,
    inbox: `${origin}/users/${user}/inbox`,
    attachment:
      user === "alice"
        ? [
            {
              type: "PropertyValue",
              name: "Portfolio",
              value: `<a href="${siteUrl()}" target="_blank" rel="nofollow noopener me" translate="no">${siteHost()}</a>`,
            },
          ]
        : [],
    ...(user === "alice" ? { attributionDomains: [siteHost()] } : {}),
  });

  const profilePage = (user: "alice" | "bob") =>
    `<!doctype html><html><head><title>${user}</title></head><body><div class="account__header__fields">` +
    (user === "alice"
      ? `<dl><dt>Portfolio</dt><dd><a href="${siteUrl()}" target="_blank" rel="nofollow noopener me">${siteHost()}</a></dd></dl>`
      : `<dl><dt>Blog</dt><dd><a href="https://blog.example/" rel="nofollow noopener">blog.example</a></dd></dl>`) +
    `</div></body></html>`;

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", origin);
    hits.push({ path: url.pathname + url.search, accept: request.headers.accept });
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, { "content-type": type });
      response.end(body);
    };
    if (url.pathname === "/.well-known/webfinger") {
      const user = /^acct:(alice|bob)@(.+)$/.exec(url.searchParams.get("resource") ?? "");
      if (!user || user[2] !== host()) return send(404, "application/json", "{}");
      return send(
        200,
        "application/jrd+json; charset=utf-8",
        JSON.stringify({
          subject: `acct:${user[1]}@${host()}`,
          aliases: [`${origin}/@${user[1]}`, `${origin}/users/${user[1]}`],
          links: [
            {
              rel: "http://webfinger.net/rel/profile-page",
              type: "text/html",
              href: `${origin}/@${user[1]}`,
            },
            { rel: "self", type: "application/activity+json", href: `${origin}/users/${user[1]}` },
          ],
        }),
      );
    }
    const actorPath = /^\/users\/(alice|bob)$/.exec(url.pathname);
    if (actorPath && /application\/(activity|ld)\+json/.test(request.headers.accept ?? ""))
      return send(
        200,
        "application/activity+json; charset=utf-8",
        JSON.stringify(actor(actorPath[1] as "alice" | "bob")),
      );
    const profile = /^\/@(alice|bob)$/.exec(url.pathname);
    if (profile) return send(200, "text/html; charset=utf-8", profilePage(profile[1] as "alice" | "bob"));
    if (url.pathname === "/elsewhere")
      return send(200, "text/html; charset=utf-8", `<!doctype html><title>Elsewhere</title><p>Hello.</p>`);
    if (url.pathname === "/.well-known/atproto-did") return send(200, "text/plain; charset=utf-8", FAKE_DID);
    send(404, "text/plain", "Not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    profile: (user) => `${origin}/@${user}`,
    elsewhere: `${origin}/elsewhere`,
    did: FAKE_DID,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

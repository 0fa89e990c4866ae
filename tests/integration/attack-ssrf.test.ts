/**
 * The attack suite, safe fetcher part: the server fetches pages (reader mode, the framing check,
 * the owner's "fetch details") and images (the image cache and its warm-up) from addresses that
 * the owner stored. Every internal address, however it is spelled, every port but 80 and 443,
 * every scheme but http(s), and a loopback page that redirects inward must be refused through the
 * HTTP surface, and no connection may reach the loopback listeners that stand in for internal
 * services. The app runs as in production: FETCH_ALLOW_PRIVATE is not set.
 *
 * The address rules themselves are unit-tested in src/server/kernel/fetch; this file counts the
 * refusals end to end, endpoint by endpoint.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { imageCacheSrc } from "../../src/domain/image-src";
import { attackCounter } from "./support/attack-counter";
import { startLoopbackRecorder, type LoopbackRecorder } from "./support/loopback-recorder";
import { createTestApp, type TestApp } from "./support/test-app";

const count = attackCounter("attack suite: safe fetcher refusals (SSRF)");

type ErrorBody = { error: { code: string; message: string } };
type Owner = Awaited<ReturnType<TestApp["signIn"]>>["owner"];

let t: TestApp;
let owner: Owner;
let recorder: LoopbackRecorder;

beforeAll(async () => {
  recorder = await startLoopbackRecorder();
  // Well over a thousand image addresses come from this one test client: the per-address download
  // limit (tested in images-abuse.test.ts) would answer 429 before the fetcher's refusal is seen.
  t = await createTestApp({ IMAGE_MISSES_PER_ADDRESS: "100000" });
  expect(t.services.config.fetchAllowPrivate).toBe(false);
  owner = (await t.signIn()).owner;
  count.note(`loopback listeners watched: ${recorder.listening.join(", ")}`);
});

afterAll(async () => {
  t?.close();
  await recorder?.close();
});

/** Hosts by category, as an attacker would write them in a URL. */
const HOSTS: Record<string, string[]> = {
  loopback: ["127.0.0.1", "127.0.0.2", "127.255.255.254", "localhost", "LOCALHOST", "127.0.0.1."],
  "private 10/8, 172.16/12, 192.168/16": [
    "10.0.0.1",
    "10.255.255.254",
    "172.16.0.1",
    "172.31.255.254",
    "192.168.0.1",
    "192.168.255.254",
  ],
  "link-local and cloud metadata": [
    "169.254.169.254",
    "169.254.0.1",
    "169.254.170.2",
    "168.63.129.16",
    "192.0.0.192",
    "[fd00:ec2::254]",
  ],
  "CGNAT 100.64/10": ["100.64.0.1", "100.127.255.254", "100.100.100.200"],
  "multicast, broadcast, 0.0.0.0": [
    "224.0.0.1",
    "239.255.255.250",
    "255.255.255.255",
    "0.0.0.0",
    "0",
    "0.1.2.3",
  ],
  "IPv6 internal": [
    "[::1]",
    "[0:0:0:0:0:0:0:1]",
    "[::]",
    "[fc00::1]",
    "[fdff:ffff::1]",
    "[fe80::1]",
    "[febf::1]",
    "[ff02::1]",
    "[::127.0.0.1]",
  ],
  "IPv4 inside IPv6": [
    "[::ffff:127.0.0.1]",
    "[::ffff:7f00:1]",
    "[::ffff:169.254.169.254]",
    "[::ffff:10.0.0.1]",
    "[64:ff9b::7f00:1]",
    "[2002:7f00:1::]",
  ],
  "decimal, octal, hex spellings": [
    "2130706433",
    "0177.0.0.1",
    "0x7f.0.0.1",
    "0x7f000001",
    "017700000001",
    "0x7f.0x0.0x0.0x1",
    "127.000.000.001",
    "127.1",
    "0177.1",
    "0x7f.1",
    "2852039166",
    "0xa9.0xfe.0xa9.0xfe",
    "0251.0376.0251.0376",
    "167772161",
    "3232235521",
  ],
  "unicode and percent-encoded hosts": ["127。0。0。1", "①②⑦.⓪.⓪.①", "%31%32%37.0.0.1"],
  "userinfo tricks": ["public.example@127.0.0.1", "public.example:443@169.254.169.254", "user:pass@[::1]"],
};

/** Public-looking hosts on ports other than 80 and 443: refused before any DNS lookup or connection. */
const PORTS = [
  "http://public.example:8080",
  "http://public.example:22",
  "http://public.example:25",
  "http://public.example:6379",
  "http://public.example:11211",
  "https://public.example:8443",
  "http://public.example:0",
  "http://93.184.215.14:3306",
  "https://[2606:4700::1111]:8443",
  "http://public.example:65535",
];

/** Addresses that are not http(s): refused when stored, and by the endpoints that take a URL. */
const SCHEMES = [
  "file:///etc/passwd",
  "file://localhost/etc/passwd",
  "FILE:///etc/passwd",
  "ftp://127.0.0.1/",
  "ftp://public.example/file.txt",
  "gopher://127.0.0.1:6379/_INFO",
  "dict://127.0.0.1:11211/stat",
  "ldap://127.0.0.1/",
  "sftp://127.0.0.1/",
  "tftp://127.0.0.1/x",
  "ws://127.0.0.1/socket",
  "jar:http://127.0.0.1/x.jar!/",
  "netdoc:///etc/passwd",
  "data:text/html,<p>hi</p>",
  "javascript:fetch('http://169.254.169.254/')",
  "//127.0.0.1/protocol-relative",
];

type Target = { category: string; page: string; image: string };

/** Every page/image address pair to store: each host on the default ports and on the recorder's own port. */
function targets(): Target[] {
  const list: Target[] = [];
  for (const [category, hosts] of Object.entries(HOSTS)) {
    for (const host of hosts) {
      for (const origin of [`http://${host}`, `https://${host}`, `http://${host}:${recorder.port}`]) {
        list.push({ category: `SSRF ${category}`, page: `${origin}/article`, image: `${origin}/photo.jpg` });
      }
    }
  }
  for (const origin of PORTS) {
    list.push({
      category: "SSRF ports other than 80/443",
      page: `${origin}/article`,
      image: `${origin}/photo.jpg`,
    });
  }
  const inward = [
    "http://10.0.0.1/",
    "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
    "http://[::1]/",
    "http://0x7f.1/",
    "gopher://127.0.0.1:6379/_INFO",
    "file:///etc/passwd",
  ];
  for (const origin of [
    "http://127.0.0.1",
    "http://localhost",
    `http://127.0.0.1:${recorder.port}`,
    "http://[::ffff:127.0.0.1]",
  ]) {
    for (const to of inward) {
      const query = `?to=${encodeURIComponent(to)}`;
      list.push({
        category: "SSRF loopback page redirecting inward",
        page: `${origin}/redirect${query}`,
        image: `${origin}/redirect${query}&as=.jpg`,
      });
    }
  }
  return list;
}

const REFUSED_FETCH =
  /^This address cannot be fetched: (Only ports 80 and 443 can be fetched, not \d+|.+ is not a public address \(.+\))\. Only public web addresses can be read\.$/;
const REFUSED_IMAGE =
  /^Failed to cache image: (Only ports 80 and 443 can be fetched, not \d+|.+ is not a public address \(.+\))$/;

async function errorOf(response: Response): Promise<ErrorBody["error"]> {
  return ((await response.json()) as ErrorBody).error;
}

function expectNothingReachedLoopback() {
  expect(recorder.requests(), `listeners on ${recorder.listening.join(", ")}`).toEqual([]);
  expect(recorder.connections()).toBe(0);
}

describe("attack suite: the safe fetcher through the HTTP surface", () => {
  it("is no open proxy: internal images that no content names are refused without a fetch", async () => {
    for (const { image } of targets()) {
      const response = await t.request(imageCacheSrc(image));
      expect(response.status, image).toBe(404);
      expect((await errorOf(response)).code).toBe("unknown_image");
      count("SSRF internal image no content names (open proxy)");
    }
    expectNothingReachedLoopback();
  });

  it("refuses every internal address, spelling, port and inward redirect on every fetching endpoint", async () => {
    const all = targets();
    // The framing check answers `false` for any failure; its log says whether it was a refusal.
    const info = vi.spyOn(t.services.logger, "info");
    const lastFramingFailure = () =>
      info.mock.calls
        .filter(([, message]) => String(message).startsWith("Could not check whether"))
        .at(-1)?.[0] as { url: string; err: { code?: string } } | undefined;
    for (const { category, page, image } of all) {
      const label = `${page} / ${image}`;
      const created = await owner("/api/articles", {
        method: "POST",
        json: { title: "Internal", outlet: "Intranet", url: page, image },
      });
      // Storing the address is allowed (the owner may paste anything that is a web address); fetching it is not.
      expect(created.status, label).toBe(201);
      const { id } = (await created.json()) as { id: string };

      const read = await t.request(`/api/articles/${id}/reader`);
      expect(read.status, `reader ${label}`).toBe(502);
      const readError = await errorOf(read);
      expect(readError.code, `reader ${label}: ${readError.message}`).toBe("fetch_refused");
      expect(readError.message).toMatch(REFUSED_FETCH);
      count(category);

      const framing = await t.request(`/api/articles/${id}/framing`);
      expect(framing.status, `framing ${label}`).toBe(200);
      expect(await framing.json()).toEqual({ frameable: false });
      expect(lastFramingFailure()?.url, `framing ${label}`).toBe(page);
      expect(["blocked_address", "blocked_port"]).toContain(lastFramingFailure()?.err.code);
      count(category);

      const picture = await t.request(imageCacheSrc(image));
      expect(picture.status, `image ${label}`).toBe(502);
      const pictureError = await errorOf(picture);
      expect(pictureError.code).toBe("image_failed");
      expect(pictureError.message, `image ${label}`).toMatch(REFUSED_IMAGE);
      count(category);

      const details = await owner("/api/articles/fetch-details", { method: "POST", json: { url: page } });
      expect(details.status, `fetch-details ${label}`).toBe(400);
      const detailsError = await errorOf(details);
      expect(detailsError.code, `fetch-details ${label}: ${detailsError.message}`).toBe("fetch_refused");
      expect(detailsError.message).toMatch(REFUSED_FETCH);
      count(category);
    }
    info.mockRestore();
    expectNothingReachedLoopback();

    // The hero image takes the same road: an address no article uses, so no cached failure answers.
    for (const { category, image } of all) {
      const hero = `${image}${image.includes("?") ? "&" : "?"}hero`;
      expect((await owner("/api/site", { method: "PUT", json: { heroImage: hero } })).status, hero).toBe(200);
      const picture = await t.request(imageCacheSrc(hero));
      expect(picture.status, `hero image ${hero}`).toBe(502);
      expect((await errorOf(picture)).message, hero).toMatch(REFUSED_IMAGE);
      count(category);
    }
    expectNothingReachedLoopback();
  });

  it("refuses the same images in the background warm-up of the first articles", async () => {
    const info = vi.spyOn(t.services.logger, "info");
    try {
      t.services.images.scheduleWarm();
      await vi.waitFor(
        () =>
          expect(info.mock.calls.some(([, message]) => /^Warmed the image cache/.test(String(message)))).toBe(
            true,
          ),
        {
          timeout: 10_000,
        },
      );
      await t.services.images.idle();
      const [report] = info.mock.calls.find(([, message]) =>
        /^Warmed the image cache/.test(String(message)),
      )!;
      const { cached, failed } = report as unknown as { cached: number; failed: number };
      expect(cached).toBe(0);
      expect(failed).toBe(10);
      count("SSRF image warm-up (first 10 articles)", failed);
    } finally {
      info.mockRestore();
    }
    expectNothingReachedLoopback();
  });

  it("refuses other schemes when stored and on the endpoints that take an address", async () => {
    const before = JSON.stringify(await (await t.request("/api/articles")).json());
    for (const url of SCHEMES) {
      const asPage = await owner("/api/articles", { method: "POST", json: { title: "T", outlet: "O", url } });
      expect(asPage.status, url).toBe(400);
      count("SSRF non-http scheme");
      const asImage = await owner("/api/articles", {
        method: "POST",
        json: { title: "T", outlet: "O", url: "https://public.example/a", image: url },
      });
      expect(asImage.status, url).toBe(400);
      count("SSRF non-http scheme");
      const asHero = await owner("/api/site", { method: "PUT", json: { heroImage: url } });
      expect(asHero.status, url).toBe(400);
      count("SSRF non-http scheme");
      const details = await owner("/api/articles/fetch-details", { method: "POST", json: { url } });
      expect(details.status, url).toBe(400);
      expect((await errorOf(details)).code).toBe("invalid_url");
      count("SSRF non-http scheme");
      const image = await t.request(`/api/images?url=${encodeURIComponent(url)}`);
      expect(image.status, url).toBe(400);
      expect((await errorOf(image)).code).toBe("invalid_url");
      count("SSRF non-http scheme");
    }
    expect(JSON.stringify(await (await t.request("/api/articles")).json())).toBe(before);
    expectNothingReachedLoopback();
  });

  it("control: the same listener is reached when private addresses are allowed, so the zero above means something", async () => {
    const open = await createTestApp({ FETCH_ALLOW_PRIVATE: "true" });
    try {
      const { owner: openOwner } = await open.signIn();
      const page = `http://127.0.0.1:${recorder.port}/article`;
      const created = await openOwner("/api/articles", {
        method: "POST",
        json: { title: "Internal", outlet: "Intranet", url: page },
      });
      const { id } = (await created.json()) as { id: string };
      expect((await open.request(`/api/articles/${id}/reader`)).status).toBe(200);
      expect(recorder.requests()).toEqual([
        `GET 127.0.0.1:${recorder.port} /robots.txt`,
        `GET 127.0.0.1:${recorder.port} /article`,
      ]);
    } finally {
      open.close();
    }
  });
});

import { describe, expect, it } from "vitest";
import { accountLinks, fediverseCreator } from "./account-links";
import { accountsSchema, blueskyHandle, mastodonProfileUrl } from "./accounts";
import { siteSchema } from "./content";
import { DEMO_SITE } from "./demo-site";
import { publicSite } from "./public-site";

describe("accounts", () => {
  it("takes a Mastodon account as @user@instance, user@instance or a profile address, and keeps its profile address", () => {
    for (const typed of [
      "@ada@Mastodon.Social",
      "ada@mastodon.social",
      "https://mastodon.social/@ada",
      "https://mastodon.social/users/ada/",
    ])
      expect(mastodonProfileUrl(typed)).toBe("https://mastodon.social/@ada");
    for (const bad of [
      "ada",
      "@ada",
      "https://mastodon.social/",
      "https://mastodon.social/@ada?x=1",
      "@a da@x.y",
    ])
      expect(mastodonProfileUrl(bad)).toBeUndefined();
  });

  it("takes a Bluesky handle with or without @, or as its bsky.app profile", () => {
    expect(blueskyHandle("@Ada.bsky.social")).toBe("ada.bsky.social");
    expect(blueskyHandle("https://bsky.app/profile/ada.example")).toBe("ada.example");
    expect(blueskyHandle("ada")).toBeUndefined();
  });

  it("refuses what is not the service's with a message that says what to type", () => {
    const result = accountsSchema.safeParse({
      x: "https://evil.example/ada",
      blueskyDid: "did:key:z6",
      other: ["javascript:alert(1)"],
    });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(messages).toEqual([
      "blueskyDid: Use a DID such as did:plc:… or did:web:…",
      "x: Use your X profile's address, such as https://x.com/you, or @you",
      "other.0: Use a full web address starting with http:// or https://",
    ]);
  });

  it("lists every account once, in order, and names the Mastodon handle for fediverse:creator", () => {
    const site = siteSchema.parse({
      name: "Ada Reporter",
      social: { linkedin: "https://www.linkedin.com/in/ada" },
      accounts: {
        mastodon: "@ada@mastodon.social",
        bluesky: "ada.bsky.social",
        x: "@ada",
        other: ["https://x.com/ada", "https://ada.example/"],
      },
    });
    expect(accountLinks(site)).toEqual([
      { service: "mastodon", label: "Mastodon", url: "https://mastodon.social/@ada" },
      { service: "bluesky", label: "Bluesky", url: "https://bsky.app/profile/ada.bsky.social" },
      { service: "linkedin", label: "LinkedIn", url: "https://www.linkedin.com/in/ada" },
      { service: "x", label: "X", url: "https://x.com/ada" },
      { service: "web", label: "ada.example", url: "https://ada.example/" },
    ]);
    expect(fediverseCreator(site)).toBe("@ada@mastodon.social");
  });

  it("leaves out the demo's LinkedIn once the site has its owner's name", () => {
    const owned = publicSite({ ...DEMO_SITE, name: "Ada Reporter" });
    expect(accountLinks(owned)).toEqual([]);
    expect(accountLinks(publicSite(DEMO_SITE)).map((link) => link.label)).toEqual(["LinkedIn"]);
  });
});

import type { Site } from "./content";
import { ownedSite } from "./demo-site";

/**
 * The site settings as visitors may see them: the contact block list and the clip watch's
 * settings are the owner's business, and the demo's leftovers are gone once the site is theirs.
 */
export type PublicSite = Omit<Site, "blockList" | "bylines" | "writingLanguages" | "clipEmails">;

export function publicSite(site: Site): PublicSite {
  const {
    blockList: _blockList,
    bylines: _bylines,
    writingLanguages: _writingLanguages,
    clipEmails: _clipEmails,
    ...rest
  } = ownedSite(site);
  return rest;
}

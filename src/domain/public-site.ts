import type { Site } from "./content";

/**
 * The site settings as visitors may see them: the contact block list and the clip watch's
 * settings are the owner's business.
 */
export type PublicSite = Omit<Site, "blockList" | "bylines" | "writingLanguages" | "clipEmails">;

export function publicSite(site: Site): PublicSite {
  const {
    blockList: _blockList,
    bylines: _bylines,
    writingLanguages: _writingLanguages,
    clipEmails: _clipEmails,
    ...rest
  } = site;
  return rest;
}

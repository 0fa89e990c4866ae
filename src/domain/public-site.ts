import type { Site } from "./content";

/** The site settings as visitors may see them: the contact block list is the owner's business. */
export type PublicSite = Omit<Site, "blockList">;

export function publicSite(site: Site): PublicSite {
  const { blockList: _blockList, ...rest } = site;
  return rest;
}

import { siteSchema, type Site, type SitePatch } from "../../domain/content";

/** Settings are written with a merge: top-level fields replace, nested groups merge field by field. */
export function mergeSite(current: Site, patch: SitePatch) {
  return siteSchema.safeParse({
    ...current,
    ...patch,
    hero: { ...current.hero, ...patch.hero },
    social: { ...current.social, ...patch.social },
    accounts: { ...current.accounts, ...patch.accounts },
    currentRole: { ...current.currentRole, ...patch.currentRole },
    fediverse: { ...current.fediverse, ...patch.fediverse },
  });
}

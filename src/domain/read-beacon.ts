/**
 * What a public page's beacon reports (decision 035): an article opened in the viewer, or a
 * collection's page opened. Kept apart from readership.ts, which the beacon must not load (its
 * schemas would come with it onto every public page).
 */
export const BEACON_KINDS = ["article", "collection"] as const;
export type BeaconKind = (typeof BEACON_KINDS)[number];

export const BEACON_PATH = "/api/beacon";

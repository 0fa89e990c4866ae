/**
 * Where a public page's beacon reports an opening (decision 035). Kept apart from readership.ts,
 * which the beacon must not load: its schemas would come with it onto every public page.
 */
export const BEACON_PATH = "/api/beacon";

export type FollowerStatus = "waiting" | "confirmed" | "bouncing";

/** How long a confirmation link works. */
export const CONFIRM_LINK_HOURS = 48;
/** A confirmation mail goes to one address at most this often. */
export const CONFIRM_RESEND_HOURS = 24;
export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The owner's view of the followers (`GET /api/followers`); owner-only, never public. */
export type FollowersOverview = {
  counts: { confirmed: number; waiting: number; bouncing: number };
  followers: {
    id: string;
    email: string;
    status: FollowerStatus;
    createdAt: string;
    confirmedAt: string | null;
  }[];
  lastDigest: {
    createdAt: string;
    clips: number;
    deliveries: { sent: number; queued: number; failed: number };
  } | null;
  mailConfigured: boolean;
};

/** A CSV cell: quoted, and never read as a formula by a spreadsheet. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/**
 * A public page paints before anything else loads (decisions 008 and 038): its stylesheets come
 * inline in the first response (inline-styles.tsx), and its scripts are asked for only once it
 * has painted (paint-first.server.ts). A route asks for both with this `handle`; sign-in and the
 * dashboard load as React Router loads them.
 */
export type PaintFirstHandle = { paintFirst: true };

export const asksToPaintFirst = (handle: unknown) =>
  typeof handle === "object" && handle !== null && (handle as { paintFirst?: unknown }).paintFirst === true;

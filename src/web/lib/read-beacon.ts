import { useEffect } from "react";
import { BEACON_PATH } from "../../domain/read-beacon";
import type { BeaconKind } from "../../domain/readership";

/**
 * Tells the server a public page's article or collection was opened (decision 035): one
 * `navigator.sendBeacon` per opening, a separate request, so the page itself stays a cache hit.
 * Nothing is sent when the browser asks not to be tracked. The referring site goes as its host
 * name only, and only when it is another site.
 */
export function useReadBeacon(kind: BeaconKind, subject: string | null | undefined) {
  useEffect(() => {
    const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
    if (!subject || nav.globalPrivacyControl || nav.doNotTrack === "1" || !nav.sendBeacon) return;
    let referrer: string | undefined;
    try {
      referrer = new URL(document.referrer).hostname;
    } catch {
      // No referrer, or not a URL.
    }
    if (referrer === location.hostname) referrer = undefined;
    nav.sendBeacon(BEACON_PATH, JSON.stringify({ kind, subject, referrer: referrer || undefined }));
  }, [kind, subject]);
}

import type { AnchorHTMLAttributes } from "react";
import { useLinkClickHandler } from "react-router";

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "onClick" | "target"> & {
  /** The landing page's query this link opens (`?article=a1`, `?portfolio=1`). */
  search: string;
};

/**
 * A link that opens the article viewer or the portfolio overlay: a real link to `/` with that
 * query, so it works before scripts run and in a new tab; a click stays at the address the
 * visitor is on (`/old/link?article=a1` at an unknown path) and changes only its query.
 *
 * Not React Router's `Link`: its href names the path the page is at, and the landing page shown
 * at any other path is one rendering for all of them (decision 030) that must hydrate at each.
 * Hydration does not correct an href the browser renders differently: it would keep the server's.
 */
export function LandingLink({ search, ...rest }: Props) {
  const navigate = useLinkClickHandler(search, { preventScrollReset: true });
  return <a {...rest} href={`/${search}`} onClick={navigate} />;
}

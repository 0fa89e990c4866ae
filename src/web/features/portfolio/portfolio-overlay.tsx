import type { Article, Site } from "../../../domain/content";

export type PortfolioOverlayProps = {
  site: Pick<Site, "name" | "strapline">;
  articles: Article[];
  open: boolean;
  onClose: () => void;
  /** An article URL to scroll to and flash (spec: after 100 ms, for 2.2 s). */
  highlightUrl?: string | undefined;
};

/** Placeholder until the portfolio issue lands: the interface is the contract with the landing page. */
export function PortfolioOverlay({ open }: PortfolioOverlayProps) {
  if (!open) return null;
  return null;
}

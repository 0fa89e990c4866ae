import type { Article } from "../../../domain/content";

export type ArticleViewerProps = {
  /** The articles the viewer moves through, in display order. */
  articles: Article[];
  /** The open article's id (from the page URL); null when the viewer is closed. */
  articleId: string | null;
  onSelect: (id: string) => void;
  onClose: () => void;
};

/** Placeholder until the article-viewer issue lands: the interface is the contract with the landing page. */
export function ArticleViewer({ articleId }: ArticleViewerProps) {
  if (!articleId) return null;
  return null;
}

import type { Article, ArticleInput } from "../../../../domain/content";
import { formatArticleDate } from "../../../../domain/dates";
import type { ListConfig } from "../list-config";
import { articleToDraft, articleToInput, type ArticleDraft } from "./article-draft";
import { ArticleEditor } from "./article-editor";

export const articleList: ListConfig<Article, ArticleDraft, ArticleInput> = {
  topic: "articles",
  endpoint: "/api/articles",
  words: { singular: "article", plural: "articles", title: "Article" },
  toDraft: articleToDraft,
  toInput: articleToInput,
  summary: (draft) => ({
    title: draft.title.trim() || "Untitled article",
    meta: [draft.outlet.trim() || "No outlet yet", formatArticleDate(draft.date)].filter(Boolean).join(" — "),
    badge: draft.featured ? "Featured" : undefined,
  }),
  Editor: ArticleEditor,
};

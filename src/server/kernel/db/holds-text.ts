/**
 * Byline holds text for an article: the owner's own, or an archived copy of its present address.
 * The one statement of the rule, as an SQL expression over `articles a` left-joined to
 * `article_archives ar` on the article's id (the gone marks, link health's report).
 */
export const HOLDS_TEXT_SQL = "(a.content <> '' or coalesce(ar.url = a.url and ar.content <> '', 0))";

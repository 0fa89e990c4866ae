/**
 * Byline holds text for an article: the owner's own (not blank, as reader mode and the clip book
 * read it), or an archived copy of its present address. The one statement of the rule in SQL,
 * over `articles a` left-joined to `article_archives ar` on the article's id (the gone marks,
 * link health's report).
 */
export const HOLDS_TEXT_SQL = "(trim(a.content) <> '' or coalesce(ar.url = a.url and ar.content <> '', 0))";

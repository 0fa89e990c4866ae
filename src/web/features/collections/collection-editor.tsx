import { useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import {
  COLLECTION_LIMITS,
  type ClipCollection,
  type CollectionInput,
  type CollectionVisibility,
} from "../../../domain/collections";
import type { Article } from "../../../domain/content";
import { formatArticleDate } from "../../../domain/dates";
import { TextAreaField, TextField, type FieldErrors } from "../../lib/form-kit/form-fields";
import { useFocusFirstInvalid } from "../../lib/form-kit/use-focus-invalid";

export type PickableArticle = Pick<Article, "id" | "title" | "outlet" | "date">;

const VISIBILITY_CHOICES: readonly { value: CollectionVisibility; label: string; hint: string }[] = [
  { value: "public", label: "Public", hint: "Listed on the front page's Portfolio as a filter." },
  { value: "unlisted", label: "Unlisted link", hint: "Only people with the link can see it." },
  { value: "private", label: "Private", hint: "A draft: nobody but you." },
];

export const emptyCollection = (): CollectionInput => ({
  title: "",
  introduction: "",
  articleIds: [],
  visibility: "unlisted",
});

export const collectionDraft = ({
  title,
  introduction,
  articleIds,
  visibility,
}: ClipCollection): CollectionInput => ({
  title,
  introduction,
  articleIds: [...articleIds],
  visibility,
});

const moved = (ids: readonly string[], from: number, to: number) => {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  next.splice(to, 0, id!);
  return next;
};

/** 'Outlet · 5 March 2024': every date in the site's one format, whatever its text was typed as. */
export const pickerMeta = (article: PickableArticle) =>
  [article.outlet, article.date && formatArticleDate(article.date)].filter(Boolean).join(" · ");

const matches = (article: PickableArticle, query: string) =>
  `${article.title} ${pickerMeta(article)} ${article.date}`
    .toLowerCase()
    .includes(query.trim().toLowerCase());

/**
 * A collection's form: title, introduction, who may see it, and its articles (chosen with a
 * checkbox each, found with a search box, in an order changed with Move up / Move down).
 */
export function CollectionEditor({
  heading,
  initial,
  articles,
  saving,
  errors,
  onSave,
  onCancel,
}: {
  heading: string;
  initial: CollectionInput;
  articles: readonly PickableArticle[];
  saving: boolean;
  errors: FieldErrors | undefined;
  onSave: (input: CollectionInput) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [query, setQuery] = useState("");
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  useFocusFirstInvalid(form, errors);
  const byId = useMemo(() => new Map(articles.map((article) => [article.id, article])), [articles]);
  const found = articles.filter((article) => matches(article, query));
  const chosen = draft.articleIds.flatMap((articleId) => byId.get(articleId) ?? []);
  const set = (patch: Partial<CollectionInput>) => setDraft((current) => ({ ...current, ...patch }));
  const toggle = (articleId: string, on: boolean) =>
    set({
      articleIds: on
        ? [...draft.articleIds, articleId]
        : draft.articleIds.filter((other) => other !== articleId),
    });
  // The pressed button may vanish (first or last place): focus goes to the moved article's row as
  // soon as it is in place, in the same task as the key press, never a frame later, when the
  // keyboard may have moved on to another button.
  const movedRow = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (movedRow.current === null) return;
    document.getElementById(`${id}-order-${movedRow.current}`)?.focus();
    movedRow.current = null;
  });
  const move = (from: number, to: number) => {
    movedRow.current = draft.articleIds[from] ?? null;
    set({ articleIds: moved(draft.articleIds, from, to) });
  };

  return (
    <form
      ref={form}
      className="collection-editor"
      aria-label={heading}
      onSubmit={(event) => {
        event.preventDefault();
        onSave(draft);
      }}
    >
      <h3 className="collection-editor__heading">{heading}</h3>
      <fieldset className="collection-editor__fields" disabled={saving}>
        <TextField
          label="Title"
          required
          value={draft.title}
          onChange={(title) => set({ title })}
          error={errors?.title}
        />
        <TextAreaField
          label="Introduction"
          rows={4}
          value={draft.introduction}
          onChange={(introduction) => set({ introduction })}
          error={errors?.introduction}
          hint={`A short pitch paragraph, at most ${COLLECTION_LIMITS.introduction} characters.`}
        />
        <fieldset className="collection-editor__visibility">
          <legend>Who may see it</legend>
          {VISIBILITY_CHOICES.map((choice) => (
            <label key={choice.value} className="collection-editor__choice">
              <input
                type="radio"
                name={`${id}-visibility`}
                value={choice.value}
                checked={draft.visibility === choice.value}
                onChange={() => set({ visibility: choice.value })}
              />
              <span>
                {choice.label} <small>{choice.hint}</small>
              </span>
            </label>
          ))}
          {errors?.visibility ? <small className="field__error">{errors.visibility}</small> : null}
        </fieldset>

        <section className="collection-editor__order" aria-labelledby={`${id}-order`}>
          <h4 id={`${id}-order`}>
            Chosen articles, in order ({chosen.length} of at most {COLLECTION_LIMITS.articles})
          </h4>
          {errors?.articleIds ? <p className="field__error">{errors.articleIds}</p> : null}
          {chosen.length === 0 ? (
            <p className="collection-editor__none">No articles chosen yet: tick them below.</p>
          ) : (
            <ol className="collection-editor__chosen">
              {chosen.map((article, index) => (
                <li key={article.id} id={`${id}-order-${article.id}`} tabIndex={-1}>
                  <span className="collection-editor__chosen-title">{article.title || "Untitled"}</span>
                  <span className="collection-editor__buttons">
                    {index > 0 ? (
                      <button type="button" className="button" onClick={() => move(index, index - 1)}>
                        Move up<span className="visually-hidden">: {article.title}</span>
                      </button>
                    ) : null}
                    {index < chosen.length - 1 ? (
                      <button type="button" className="button" onClick={() => move(index, index + 1)}>
                        Move down<span className="visually-hidden">: {article.title}</span>
                      </button>
                    ) : null}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>

        <fieldset className="collection-editor__picker">
          <legend>Articles</legend>
          <TextField
            label="Search articles"
            value={query}
            onChange={setQuery}
            placeholder="Title, outlet or date"
          />
          {found.length === 0 ? (
            <p className="collection-editor__none">
              {articles.length === 0 ? "No articles yet." : "No article matches."}
            </p>
          ) : (
            <ul className="collection-editor__articles">
              {found.map((article) => (
                <li key={article.id}>
                  <label>
                    <input
                      type="checkbox"
                      checked={draft.articleIds.includes(article.id)}
                      disabled={
                        !draft.articleIds.includes(article.id) &&
                        draft.articleIds.length >= COLLECTION_LIMITS.articles
                      }
                      onChange={(event) => toggle(article.id, event.target.checked)}
                    />
                    <span>
                      {article.title || "Untitled"} <small>{pickerMeta(article)}</small>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      </fieldset>
      <div className="collection-editor__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? "Saving…" : "Save collection"}
        </button>
        <button type="button" className="button" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}

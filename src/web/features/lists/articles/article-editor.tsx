import { PUBLIC_TAGS } from "../../../../domain/public-tags";
import { formatArticleDate, parseArticleDate } from "../../../../domain/dates";
import type { ArticleDraft } from "./article-draft";
import type { EditorProps } from "../list-config";
import { FetchDetailsButton } from "./fetch-details";
import { CheckboxField, TextAreaField, TextField } from "../../../lib/form-kit/form-fields";
import { ImageField } from "../../../lib/form-kit/image-field";

function firstError(errors: Record<string, string>, prefix: string): string | undefined {
  return Object.entries(errors).find(([key]) => key.startsWith(prefix))?.[1];
}

/** What the Date field's hint says; `createdAt`: when the article was added, which a new article's date defaults to. */
export function dateHint(date: string, createdAt: string): string {
  if (date.trim() === "") return "Such as 2026-03-05 or 5 March 2026";
  if (!parseArticleDate(date)) return "Not a date we can read: it is shown as typed";
  const shown = `Shown as ${formatArticleDate(date)}`;
  return date.trim() === createdAt.slice(0, 10)
    ? `${shown}, the day this article was added (filled in when no date is given): change it if it was published on another day`
    : shown;
}

export function ArticleEditor({ draft, onChange, errors, createdAt }: EditorProps<ArticleDraft>) {
  const set = (patch: Partial<ArticleDraft>) => onChange({ ...draft, ...patch });
  const toggleTag = (tag: string, on: boolean) =>
    set({ publicTags: on ? [...draft.publicTags, tag] : draft.publicTags.filter((own) => own !== tag) });
  return (
    <div className="editor">
      <div className="editor__grid">
        <TextField
          label="Title"
          required
          wide
          value={draft.title}
          onChange={(title) => set({ title })}
          error={errors.title}
        />
        <TextField
          label="Outlet"
          required
          value={draft.outlet}
          onChange={(outlet) => set({ outlet })}
          error={errors.outlet}
        />
        <div className="url-with-fetch">
          <TextField
            label="URL"
            required
            type="url"
            inputMode="url"
            placeholder="https://"
            value={draft.url}
            onChange={(url) => set({ url })}
            error={errors.url}
          />
          <FetchDetailsButton draft={draft} onChange={onChange} />
        </div>
        <TextField
          label="Date"
          value={draft.date}
          onChange={(date) => set({ date })}
          hint={dateHint(draft.date, createdAt)}
          error={errors.date}
        />
        <ImageField
          label="Image"
          wide
          value={draft.image}
          onChange={(image) => set({ image })}
          error={errors.image}
        />
        <CheckboxField
          label="Featured"
          checked={draft.featured}
          onChange={(featured) => set({ featured })}
          hint="Shown in Featured Work on the front page"
        />
      </div>
      <TextAreaField
        label="Description"
        rows={3}
        wide
        value={draft.description}
        onChange={(description) => set({ description })}
        error={errors.description}
      />
      <TextAreaField
        label="Content"
        rows={12}
        wide
        value={draft.content}
        onChange={(content) => set({ content })}
        hint="The full text; leave a blank line between paragraphs"
        error={errors.content}
      />
      <TextField
        label="Byline note"
        wide
        value={draft.bylineNote ?? ""}
        onChange={(bylineNote) => set({ bylineNote })}
        hint="Shown on your proof page, for a clip whose page does not name you (such as 'edited by the desk')"
        error={errors.bylineNote}
      />
      <fieldset className="tags">
        <legend className="field__label">Tags</legend>
        <div className="tags__chips">
          {PUBLIC_TAGS.map((tag) => (
            <label key={tag} className="chip">
              <input
                type="checkbox"
                checked={draft.publicTags.includes(tag)}
                onChange={(event) => toggleTag(tag, event.target.checked)}
              />
              <span>{tag}</span>
            </label>
          ))}
        </div>
        <TextField
          label="Other tags"
          value={draft.otherTags}
          onChange={(otherTags) => set({ otherTags })}
          hint="Separate tags with commas"
          error={errors.tags ?? firstError(errors, "tags.")}
        />
      </fieldset>
    </div>
  );
}

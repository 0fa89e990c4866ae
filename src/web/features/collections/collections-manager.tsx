import { useState } from "react";
import { collectionClipBookPath, collectionPath } from "../../../domain/collection-paths";
import { type ClipCollection, type CollectionInput } from "../../../domain/collections";
import type { CollectionReadership as Readership } from "../../../domain/readership";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { ListTab, listTabTitleId } from "../../lib/dashboard/list-tab";
import { useToast } from "../../lib/dashboard/toasts";
import { useAdminApi } from "../../lib/dashboard/use-admin-api";
import { useConfirmedDelete } from "../../lib/dashboard/use-confirmed-delete";
import { useListWrite } from "../../lib/dashboard/use-list-write";
import { useHydrated } from "../../lib/use-hydrated";
import { useMinuteClock } from "../../lib/use-minute-clock";
import type { FieldErrors } from "../../lib/form-kit/form-fields";
import {
  CollectionEditor,
  collectionDraft,
  emptyCollection,
  type PickableArticle,
} from "./collection-editor";
import { CollectionReadership } from "./collection-readership";
import "./collections-manager.css";

const VISIBILITY_LABELS = { public: "Public", unlisted: "Unlisted link", private: "Private" } as const;

/** Which form is open: a new collection's, or one collection's. */
type Editing = { id: null } | { id: string };

/**
 * The Collections tab: the owner's collections of clips, each with who may see it and, for an
 * unlisted one, its link (Copy, New link); for a public or unlisted one, how often it was opened
 * and its PDF downloaded, and the first-opening e-mail switch; New collection, Edit and Delete.
 */
export function CollectionsManager({
  collections,
  readership,
  articles,
  origin,
  mailConfigured,
}: {
  collections: readonly ClipCollection[];
  /** By collection id; a collection never opened has no entry. */
  readership: Readonly<Record<string, Readership>>;
  articles: readonly PickableArticle[];
  /** The site's public origin, for the full unlisted link. */
  origin: string;
  /** Whether the server can send e-mail (SMTP_URL): the first-opening e-mail needs it. */
  mailConfigured: boolean;
}) {
  const send = useAdminApi();
  const write = useListWrite();
  const toast = useToast();
  // Its buttons work once React has hydrated the tab: before, a click would do nothing.
  const hydrated = useHydrated();
  const now = useMinuteClock();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>();
  const remove = useConfirmedDelete({
    items: collections,
    keyOf: (collection) => collection.id,
    pathOf: (collection) => `/api/collections/${encodeURIComponent(collection.id)}`,
    done: "Collection deleted",
    failed: (error) => (error.status !== 0 ? error.message : "Failed to delete the collection"),
    focusAfterId: listTabTitleId("collections"),
  });

  const open = (next: Editing | null) => {
    setErrors(undefined);
    setEditing(next);
  };

  async function save(input: CollectionInput) {
    if (!editing) return;
    setSaving(true);
    const result = editing.id
      ? await send<ClipCollection>(`/api/collections/${encodeURIComponent(editing.id)}`, "PUT", input)
      : await send<ClipCollection>("/api/collections", "POST", input);
    setSaving(false);
    if (result.ok) {
      toast("success", "Collection saved");
      open(null);
      // The list re-reads when the server reports the change.
      return;
    }
    if (result.sessionExpired) return;
    setErrors(result.error.fields);
    toast("error", result.error.status !== 0 ? result.error.message : "Failed to save the collection");
  }

  const copyLink = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      toast("success", "Link copied");
    } catch {
      toast("error", "Could not copy: select the link and copy it");
    }
  };

  const newLink = (collection: ClipCollection) =>
    write(`/api/collections/${encodeURIComponent(collection.id)}/new-link`, "POST", undefined, {
      done: "New link made: the old one no longer works",
      failed: (error) => (error.status !== 0 ? error.message : "Failed to make a new link"),
    });

  const editor = (heading: string, initial: CollectionInput) => (
    <CollectionEditor
      heading={heading}
      initial={initial}
      articles={articles}
      saving={saving}
      errors={errors}
      onSave={(input) => void save(input)}
      onCancel={() => open(null)}
    />
  );

  return (
    <ListTab
      name="collections"
      title="Collections"
      summary={
        collections.length === 0
          ? "No collections yet."
          : `${collections.length} ${collections.length === 1 ? "collection" : "collections"}`
      }
      // The New collection button shows with an empty list too: the note goes under it.
      emptyNote={null}
      dialog={
        <ConfirmDialog
          {...remove.dialog}
          title="Delete this collection?"
          message={remove.asked ? `“${remove.asked.title}” and its link go for good. The articles stay.` : ""}
        />
      }
    >
      <div className="collections__toolbar">
        <button
          type="button"
          className="button button--primary"
          onClick={() => open({ id: null })}
          disabled={!hydrated || editing !== null}
        >
          New collection
        </button>
      </div>
      {editing?.id === null ? editor("New collection", emptyCollection()) : null}
      {collections.length === 0 && editing === null ? (
        <p className="list-tab__empty">
          A collection is a few clips for one pitch, with a short introduction: public, for people with its
          link, or private.
        </p>
      ) : null}
      <ul className="list-tab__list">
        {collections.map((collection) => {
          const link = `${origin}${collectionPath(collection.token)}`;
          if (editing?.id === collection.id)
            return (
              <li key={collection.id}>{editor(`Edit “${collection.title}”`, collectionDraft(collection))}</li>
            );
          return (
            <li key={collection.id} className="collection-entry" data-collection={collection.id}>
              <div className="collection-entry__head">
                <h3 className="collection-entry__title">{collection.title}</h3>
                <span className={`collection-entry__badge collection-entry__badge--${collection.visibility}`}>
                  {VISIBILITY_LABELS[collection.visibility]}
                </span>
              </div>
              <p className="collection-entry__meta">
                {collection.articleIds.length} {collection.articleIds.length === 1 ? "article" : "articles"}
              </p>
              {collection.visibility === "unlisted" ? (
                <div className="collection-entry__link">
                  <label>
                    <span className="visually-hidden">Link to {collection.title}</span>
                    <input type="text" readOnly value={link} onFocus={(event) => event.target.select()} />
                  </label>
                  <button type="button" className="button" onClick={() => void copyLink(link)}>
                    Copy<span className="visually-hidden"> the link to {collection.title}</span>
                  </button>
                  <a className="button" href={link} target="_blank" rel="noopener noreferrer">
                    Open<span className="visually-hidden"> the link to {collection.title} in a new tab</span>
                  </a>
                  <button
                    type="button"
                    className="button"
                    onClick={() => void newLink(collection)}
                    aria-describedby={`new-link-${collection.id}`}
                  >
                    New link<span className="visually-hidden"> for {collection.title}</span>
                  </button>
                  <p className="collection-entry__link-note" id={`new-link-${collection.id}`}>
                    New link gives the collection a new address: the old one stops working.
                  </p>
                </div>
              ) : null}
              {collection.visibility !== "private" ? (
                <CollectionReadership
                  id={collection.id}
                  title={collection.title}
                  readership={readership[collection.id]}
                  mailConfigured={mailConfigured}
                  now={now}
                />
              ) : null}
              <div className="collection-entry__actions">
                <button
                  type="button"
                  className="button"
                  onClick={() => open({ id: collection.id })}
                  disabled={editing !== null}
                >
                  Edit<span className="visually-hidden"> {collection.title}</span>
                </button>
                {collection.articleIds.length ? (
                  <a className="button" href={collectionClipBookPath(collection.id)} download>
                    Download PDF<span className="visually-hidden"> of {collection.title}</span>
                  </a>
                ) : null}
                <button
                  type="button"
                  className="button collection-entry__delete"
                  onClick={() => remove.ask(collection.id)}
                  disabled={remove.deletingKey !== null}
                >
                  Delete<span className="visually-hidden"> {collection.title}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </ListTab>
  );
}

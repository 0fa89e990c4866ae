import type { ComponentType, ReactNode } from "react";
import type { Topic } from "../../../domain/content";
import type { FieldErrors } from "../../lib/form-kit/form-fields";

export type StoredItem = { id: string; createdAt: string; updatedAt: string };

/** What every list editor (experience, education, article) receives. */
export type EditorProps<TDraft> = {
  draft: TDraft;
  onChange: (draft: TDraft) => void;
  errors: FieldErrors;
  now: Date;
  /** When the item was added (ISO). */
  createdAt: string;
};

/** How one list plugs into the shared list shell. */
export type ListConfig<TItem extends StoredItem, TDraft, TInput> = {
  topic: "experiences" | "education" | "articles";
  endpoint: string;
  /** 'experience', 'experiences', 'Experience': the words of the toasts. */
  words: { singular: string; plural: string; title: string };
  /** Shown on an added item while it is pinned on top (experiences only). */
  newNote?: string;
  toDraft: (item: TItem, now: Date) => TDraft;
  /** The body of the overwrite-save; two drafts with the same input are the same. */
  toInput: (draft: TDraft, now: Date) => TInput;
  summary: (draft: TDraft, now: Date) => { title: string; meta: string; badge?: string };
  Editor: ComponentType<EditorProps<TDraft>>;
};

/**
 * What a section adds to the shared shell beyond its config, from its own loader data (the
 * Articles manager's link health): more live topics, tools in the head, filters over the
 * list, and a status line on each item.
 */
export type ListExtras<TItem extends StoredItem> = {
  /** Other topics whose changes re-read the section. */
  live?: readonly Topic[];
  /** Controls beside 'Add …'. */
  tools?: ReactNode;
  /** Views of the list, shown as buttons with their counts; the first shows every item. */
  filters?: readonly { label: string; includes: (item: TItem) => boolean }[];
  /** A line under an item's heading: its state, and what can be done about it. */
  itemStatus?: (item: TItem) => ReactNode;
};

/** The toast texts for a list: 'Failed to load experiences', 'Experience saved'… */
export function listToasts(words: ListConfig<StoredItem, unknown, unknown>["words"]) {
  return {
    loadFailed: `Failed to load ${words.plural}`,
    addFailed: `Failed to add ${words.singular}`,
    saveFailed: `Failed to save ${words.singular}`,
    deleteFailed: `Failed to delete ${words.singular}`,
    added: `${words.title} added`,
    saved: `${words.title} saved`,
    deleted: `${words.title} deleted`,
  };
}

/** Deep equality of two JSON values built the same way (key order included). */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

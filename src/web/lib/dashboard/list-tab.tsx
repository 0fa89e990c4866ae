import type { ReactNode } from "react";
import "./list-tab.css";

/** The id of a list tab's heading, where keyboard focus goes when an item and its buttons are gone. */
export const listTabTitleId = (name: string) => `${name}-title`;

/**
 * A dashboard tab that lists things (Messages, Media): its heading and a summary line, then the
 * list (`children`), or `emptyNote` while there is nothing in it; `dialog` (a confirmation) is
 * there either way.
 */
export function ListTab({
  name,
  title,
  summary,
  emptyNote,
  dialog,
  children,
}: {
  /** The section's class and its heading's id (`listTabTitleId`). */
  name: string;
  title: string;
  summary: string;
  emptyNote: string | null;
  dialog: ReactNode;
  children: ReactNode;
}) {
  const titleId = listTabTitleId(name);
  return (
    <section className={name} aria-labelledby={titleId}>
      <header className="list-tab__header">
        <h2 id={titleId} className="list-tab__title" tabIndex={-1}>
          {title}
        </h2>
        <p className="list-tab__summary">{summary}</p>
      </header>
      {emptyNote === null ? children : <p className="list-tab__empty">{emptyNote}</p>}
      {dialog}
    </section>
  );
}

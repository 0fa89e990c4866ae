import { useState } from "react";
import { useRevalidator } from "react-router";
import type { ClipAction, ClipOutcome, OfferedClip } from "../../../domain/clip-watch";
import { articleTime, formatArticleDate, whenText } from "../../../domain/dates";
import { imageCacheSrc } from "../../../domain/image-src";
import { nextImageOnError } from "../../../domain/placeholder-images";
import { safeHref } from "../../../domain/safe-url";
import { CachedPicture } from "../../components/cached-picture";
import { useToast } from "../../lib/dashboard/toasts";
import { useAdminApi } from "../../lib/dashboard/use-admin-api";
import { useListWrite } from "../../lib/dashboard/use-list-write";
import { useHydrated } from "../../lib/use-hydrated";
import { clipActionText, undoneText } from "./source-texts";

export const NEW_CLIPS_HEADING_ID = "sources-new-clips";
const AUTO_ADDED_HEADING_ID = "sources-auto-added";

export const CLIP_TEXTS = {
  none: "No new clips. Byline checks your sources every few hours; Check now looks at once.",
  undone: "Taken out of your portfolio",
} as const;

/** The owner's last Add or Dismiss, which Undo takes back: its words and the clips it changed. */
type LastAction = { text: string; ids: string[] };

/** Newest first by the article's own date; a clip without one by when it was found. */
function newestFirst(clips: readonly OfferedClip[]): OfferedClip[] {
  const time = (clip: OfferedClip) => articleTime(clip.date) ?? Date.parse(clip.foundAt);
  return [...clips].sort((a, b) => time(b) - time(a));
}

/**
 * The clips that wait for the owner (Add, Dismiss, one or several at once, with an Undo of the
 * last of these), then those a source added without asking (each with its Undo). The pressed
 * button goes with its clip, so focus moves to the list's heading.
 */
export function NewClips({ clips, now }: { clips: readonly OfferedClip[]; now: Date }) {
  const send = useAdminApi();
  const toast = useToast();
  const revalidator = useRevalidator();
  const write = useListWrite();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [last, setLast] = useState<LastAction | null>(null);
  const waiting = newestFirst(clips.filter((clip) => clip.status === "waiting"));
  const autoAdded = clips.filter((clip) => clip.status === "added" && clip.autoAdded);
  const chosen = waiting.filter((clip) => selected.has(clip.id)).map((clip) => clip.id);
  const allChosen = waiting.length > 0 && chosen.length === waiting.length;

  /** Sends one action for `ids`; resolves to each clip's outcome, or null when it was refused. */
  async function sendAction(action: ClipAction, ids: readonly string[]): Promise<ClipOutcome[] | null> {
    setBusy(true);
    const result = await send<{ results: ClipOutcome[] }>("/api/watch/clips", "POST", { action, ids });
    setBusy(false);
    if (!result.ok) {
      if (!result.sessionExpired) toast("error", result.error.message);
      await revalidator.revalidate();
      return null;
    }
    const failed = result.data.results.find((entry) => entry.outcome === "failed");
    if (failed) toast("error", failed.error.message);
    await revalidator.revalidate();
    return result.data.results;
  }

  async function act(action: "add" | "dismiss", ids: readonly string[]) {
    const results = await sendAction(action, ids);
    if (!results) return;
    const text = clipActionText(results);
    if (text) toast("success", text);
    // An Add that found the article in the portfolio made nothing to take back.
    const undoable = results
      .filter((entry) => entry.outcome === "added" || entry.outcome === "dismissed")
      .map((entry) => entry.id);
    setLast(undoable.length > 0 ? { text, ids: undoable } : null);
    setSelected(new Set());
    document.getElementById(NEW_CLIPS_HEADING_ID)?.focus();
  }

  async function undo() {
    if (!last) return;
    const results = await sendAction("restore", last.ids);
    if (!results) return;
    setLast(null);
    const restored = results.filter((entry) => entry.outcome === "restored").length;
    if (restored > 0) toast("success", undoneText(restored));
    document.getElementById(NEW_CLIPS_HEADING_ID)?.focus();
  }

  async function undoAutoAdd(clip: OfferedClip) {
    setBusy(true);
    const done = await write(`/api/watch/clips/${encodeURIComponent(clip.id)}/undo`, "POST", undefined, {
      done: CLIP_TEXTS.undone,
      failed: (error) => error.message,
    });
    setBusy(false);
    const focusAfterId = autoAdded.length > 1 ? AUTO_ADDED_HEADING_ID : NEW_CLIPS_HEADING_ID;
    if (done) document.getElementById(focusAfterId)?.focus();
  }

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <section className="sources__section" aria-labelledby={NEW_CLIPS_HEADING_ID}>
      <h3 id={NEW_CLIPS_HEADING_ID} tabIndex={-1}>
        New clips{waiting.length > 0 ? ` (${waiting.length})` : ""}
      </h3>
      {last ? (
        <div className="sources__undo">
          <p>{last.text}</p>
          <button type="button" className="button" disabled={!hydrated || busy} onClick={() => void undo()}>
            Undo<span className="visually-hidden"> ({last.text})</span>
          </button>
        </div>
      ) : null}
      {waiting.length === 0 ? (
        <p className="list-tab__empty">{CLIP_TEXTS.none}</p>
      ) : (
        <>
          {waiting.length > 1 ? (
            <div className="sources__bulk">
              <label className="sources__bulk-all">
                <input
                  type="checkbox"
                  checked={allChosen}
                  disabled={!hydrated}
                  onChange={() =>
                    setSelected(allChosen ? new Set() : new Set(waiting.map((clip) => clip.id)))
                  }
                />
                Select all ({waiting.length})
              </label>
              <button
                type="button"
                className="button button--primary"
                disabled={!hydrated || busy || chosen.length === 0}
                onClick={() => void act("add", chosen)}
              >
                Add {chosen.length} selected
              </button>
              <button
                type="button"
                className="button"
                disabled={!hydrated || busy || chosen.length === 0}
                onClick={() => void act("dismiss", chosen)}
              >
                Dismiss {chosen.length} selected
              </button>
            </div>
          ) : null}
          <ul className="list-tab__list">
            {waiting.map((clip) => (
              <ClipCard
                key={clip.id}
                clip={clip}
                busy={busy}
                selectable={waiting.length > 1}
                selected={selected.has(clip.id)}
                onSelect={() => toggle(clip.id)}
                onAdd={() => void act("add", [clip.id])}
                onDismiss={() => void act("dismiss", [clip.id])}
              />
            ))}
          </ul>
        </>
      )}
      {autoAdded.length > 0 ? (
        <div className="sources__auto-added">
          <h4 id={AUTO_ADDED_HEADING_ID} tabIndex={-1}>
            Added without asking
          </h4>
          <ul className="sources__auto-list">
            {autoAdded.map((clip) => (
              <li key={clip.id} className="sources-added">
                <p className="sources-added__text">
                  <a href={safeHref(clip.url)} target="_blank" rel="noreferrer">
                    {clip.title || clip.url}
                  </a>
                  <span className="sources-clip__meta">
                    {[
                      clip.outlet,
                      clip.date && formatArticleDate(clip.date),
                      `added ${whenText(clip.foundAt, now)}`,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </span>
                </p>
                <UndoButton
                  title={clip.title || clip.url}
                  busy={busy}
                  onUndo={() => void undoAutoAdd(clip)}
                />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

function UndoButton({ title, busy, onUndo }: { title: string; busy: boolean; onUndo: () => void }) {
  const hydrated = useHydrated();
  return (
    <button type="button" className="button" disabled={!hydrated || busy} onClick={onUndo}>
      Undo<span className="visually-hidden"> adding {title}</span>
    </button>
  );
}

function ClipCard({
  clip,
  busy,
  selectable,
  selected,
  onSelect,
  onAdd,
  onDismiss,
}: {
  clip: OfferedClip;
  busy: boolean;
  selectable: boolean;
  selected: boolean;
  onSelect: () => void;
  onAdd: () => void;
  onDismiss: () => void;
}) {
  const hydrated = useHydrated();
  const title = clip.title || clip.url;
  const meta = [clip.outlet, clip.date && formatArticleDate(clip.date)].filter(Boolean).join(" · ");
  return (
    <li className="sources-clip picture-entry" data-clip={clip.id}>
      <ClipPicture image={clip.image} />
      <div className="picture-entry__body">
        <h4 className="sources-clip__title">
          <a href={safeHref(clip.url)} target="_blank" rel="noreferrer">
            {title}
          </a>
        </h4>
        {meta ? <p className="sources-clip__meta">{meta}</p> : null}
        {clip.excerpt ? <p className="sources-clip__excerpt">{clip.excerpt}</p> : null}
        {clip.reason ? <p className="sources-clip__reason">Matched: {clip.reason}</p> : null}
      </div>
      <div className="sources-clip__actions">
        {selectable ? (
          <label className="sources-clip__select">
            <input type="checkbox" checked={selected} disabled={!hydrated} onChange={onSelect} />
            Select<span className="visually-hidden"> {title}</span>
          </label>
        ) : null}
        <button type="button" className="button button--primary" disabled={!hydrated || busy} onClick={onAdd}>
          Add<span className="visually-hidden"> {title}</span>
        </button>
        <button type="button" className="button" disabled={!hydrated || busy} onClick={onDismiss}>
          Dismiss<span className="visually-hidden"> {title}</span>
        </button>
      </div>
    </li>
  );
}

const PICTURE_WIDTH = 240;
const PICTURE_HEIGHT = 160;

/**
 * A clip's picture through the image cache like the portfolio's; when the cache will not serve
 * it (it is no article's picture yet) the publisher's own address, then nothing.
 */
function ClipPicture({ image }: { image: string }) {
  const [src, setSrc] = useState(() => imageCacheSrc(image));
  if (src === "") return <span className="sources-clip__picture" />;
  const fail = () => {
    const next = nextImageOnError(src, src === image ? null : image);
    setSrc(next === "hide" ? "" : next.src);
  };
  return (
    <span className="sources-clip__picture">
      <CachedPicture
        original={image}
        src={src}
        sizes="(max-width: 40rem) 5.5rem, 8rem"
        alt=""
        width={PICTURE_WIDTH}
        height={PICTURE_HEIGHT}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        onError={fail}
      />
    </span>
  );
}

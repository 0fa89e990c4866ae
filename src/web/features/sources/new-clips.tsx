import { useState } from "react";
import type { OfferedClip } from "../../../domain/clip-watch";
import { formatArticleDate } from "../../../domain/dates";
import { imageCacheSrc } from "../../../domain/image-src";
import { nextImageOnError } from "../../../domain/placeholder-images";
import { safeHref } from "../../../domain/safe-url";
import { CachedPicture } from "../../components/cached-picture";
import { useListWrite } from "../../lib/dashboard/use-list-write";
import { useHydrated } from "../../lib/use-hydrated";
import { whenText } from "../../../domain/dates";

export const NEW_CLIPS_HEADING_ID = "sources-new-clips";
const AUTO_ADDED_HEADING_ID = "sources-auto-added";

export const CLIP_TEXTS = {
  none: "No new clips. Byline checks your sources every few hours; Check now looks at once.",
  added: "Added to your portfolio",
  dismissed: "Clip dismissed",
  undone: "Taken out of your portfolio",
} as const;

type ClipAction = "add" | "dismiss" | "undo";

/**
 * The clips that wait for the owner (Add, Dismiss), then those a source added without asking
 * (Undo). The pressed button goes with its clip, so focus moves to the list's heading.
 */
export function NewClips({ clips, now }: { clips: readonly OfferedClip[]; now: Date }) {
  const write = useListWrite();
  const [busy, setBusy] = useState<string | null>(null);
  const waiting = clips.filter((clip) => clip.status === "waiting");
  const autoAdded = clips.filter((clip) => clip.status === "added" && clip.autoAdded);

  async function act(clip: OfferedClip, action: ClipAction, focusAfterId: string) {
    setBusy(clip.id);
    const texts = { add: CLIP_TEXTS.added, dismiss: CLIP_TEXTS.dismissed, undo: CLIP_TEXTS.undone };
    const done = await write(`/api/watch/clips/${encodeURIComponent(clip.id)}/${action}`, "POST", undefined, {
      done: texts[action],
      failed: (error) => error.message,
    });
    setBusy(null);
    if (done) document.getElementById(focusAfterId)?.focus();
  }

  return (
    <section className="sources__section" aria-labelledby={NEW_CLIPS_HEADING_ID}>
      <h3 id={NEW_CLIPS_HEADING_ID} tabIndex={-1}>
        New clips{waiting.length > 0 ? ` (${waiting.length})` : ""}
      </h3>
      {waiting.length === 0 ? (
        <p className="list-tab__empty">{CLIP_TEXTS.none}</p>
      ) : (
        <ul className="list-tab__list">
          {waiting.map((clip) => (
            <ClipCard
              key={clip.id}
              clip={clip}
              busy={busy !== null}
              onAdd={() => void act(clip, "add", NEW_CLIPS_HEADING_ID)}
              onDismiss={() => void act(clip, "dismiss", NEW_CLIPS_HEADING_ID)}
            />
          ))}
        </ul>
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
                    {[clip.outlet, `added ${whenText(clip.foundAt, now)}`].filter(Boolean).join(" · ")}
                  </span>
                </p>
                <UndoButton
                  title={clip.title || clip.url}
                  busy={busy !== null}
                  onUndo={() =>
                    void act(
                      clip,
                      "undo",
                      autoAdded.length > 1 ? AUTO_ADDED_HEADING_ID : NEW_CLIPS_HEADING_ID,
                    )
                  }
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
  onAdd,
  onDismiss,
}: {
  clip: OfferedClip;
  busy: boolean;
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

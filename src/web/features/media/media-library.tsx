import { formatBytes } from "../../../domain/byte-size";
import type { UploadInfo } from "../../../domain/uploads";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { ListTab, listTabTitleId } from "../../lib/dashboard/list-tab";
import { useConfirmedDelete } from "../../lib/dashboard/use-confirmed-delete";
import "./media.css";

function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** Every uploaded image with its size and where it is used; only unused ones can be deleted. */
export function MediaLibrary({ uploads }: { uploads: UploadInfo[] }) {
  const remove = useConfirmedDelete({
    items: uploads,
    keyOf: (upload) => upload.name,
    pathOf: (upload) => `/api/uploads/${encodeURIComponent(upload.name)}`,
    done: "Image deleted",
    failed: (error) => (error.status !== 0 ? error.message : "Failed to delete image"),
    focusAfterId: listTabTitleId("media"),
  });
  const totalBytes = uploads.reduce((sum, upload) => sum + upload.bytes, 0);

  return (
    <ListTab
      name="media"
      title="Media"
      summary={
        uploads.length === 0
          ? "No uploaded images yet."
          : `${uploads.length} ${uploads.length === 1 ? "image" : "images"}, ${formatBytes(totalBytes)}`
      }
      emptyNote={
        uploads.length === 0
          ? "Images you upload with the Upload button beside an image field (Articles, Settings) appear here."
          : null
      }
      dialog={
        <ConfirmDialog
          {...remove.dialog}
          title="Delete this image?"
          message={
            remove.asked
              ? `${remove.asked.width} × ${remove.asked.height}, ${formatBytes(remove.asked.bytes)}. The file is removed from the server. This cannot be undone.`
              : ""
          }
        />
      }
    >
      <ul className="list-tab__list">
        {uploads.map((upload) => (
          <li key={upload.name} className="media-item picture-entry" data-upload={upload.name}>
            <a className="media-item__thumb" href={upload.url} target="_blank" rel="noreferrer">
              <img
                src={upload.url}
                alt=""
                width={upload.width}
                height={upload.height}
                loading="lazy"
                decoding="async"
              />
              <span className="visually-hidden">Open {upload.name} in a new tab</span>
            </a>
            <div className="picture-entry__body">
              <p className="media-item__name">
                <code>{upload.name}</code>
              </p>
              <p className="media-item__meta">
                {upload.width} × {upload.height} · {formatBytes(upload.bytes)} · uploaded{" "}
                <time dateTime={upload.createdAt}>{formatDay(upload.createdAt)}</time>
              </p>
              {upload.usedBy.length > 0 ? (
                <div className="media-item__uses">
                  <span className="media-item__badge">In use</span>
                  <ul>
                    {upload.usedBy.map((use) => (
                      <li key={use.kind === "article" ? use.id : use.field}>
                        {use.kind === "settings"
                          ? `Settings: ${use.field}`
                          : `Article: ${use.title || "Untitled"}`}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : (
                <p className="media-item__unused">Not used anywhere</p>
              )}
            </div>
            <div className="media-item__actions">
              {upload.usedBy.length === 0 ? (
                <button
                  type="button"
                  className="button media-button--danger"
                  onClick={() => remove.ask(upload.name)}
                  disabled={remove.deletingKey !== null}
                >
                  Delete<span className="visually-hidden"> {upload.name}</span>
                </button>
              ) : (
                <p className="media-item__keep">Can be deleted once nothing uses it.</p>
              )}
            </div>
          </li>
        ))}
      </ul>
    </ListTab>
  );
}

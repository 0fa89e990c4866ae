import {
  downloadedText,
  openedText,
  type CollectionReadership as Readership,
} from "../../../domain/readership";
import { useListWrite } from "../../lib/dashboard/use-list-write";
import { useSavedSwitch } from "../../lib/dashboard/use-saved-switch";
import { useHydrated } from "../../lib/use-hydrated";

const NOT_YET: Readership = {
  opens: 0,
  lastOpenedAt: null,
  pdfDownloads: 0,
  emailFirstOpen: false,
  emailed: false,
};

/**
 * What the first-opening e-mail can still do, or why not: it is sent once, at the first opening,
 * and only when the server can send e-mail.
 */
export function firstOpenNote(readership: Readership, mailConfigured: boolean): string | undefined {
  if (!mailConfigured) return "E-mail is not set up on this server (SMTP_URL), so no e-mail can be sent.";
  if (readership.emailed) return "You were e-mailed when it was first opened.";
  if (readership.opens > 0)
    return "It has been opened already, so there is no first opening to e-mail about.";
  return undefined;
}

/**
 * What a public or unlisted collection's entry says of its readers ('Opened 3 times, last 2 hours
 * ago · PDF downloaded once'), and the switch for one e-mail at its first opening while there can
 * be one.
 */
export function CollectionReadership({
  id,
  title,
  readership = NOT_YET,
  mailConfigured,
  now,
}: {
  id: string;
  title: string;
  readership?: Readership;
  mailConfigured: boolean;
  now: Date;
}) {
  const write = useListWrite();
  const hydrated = useHydrated();
  const emailSwitch = useSavedSwitch(readership.emailFirstOpen, (on) =>
    write(
      `/api/readers/collections/${encodeURIComponent(id)}`,
      "PUT",
      { emailFirstOpen: on },
      {
        done: on ? "You will get an e-mail when it is first opened" : "No e-mail when it is opened",
        failed: (error) => (error.status !== 0 ? error.message : "Failed to change the e-mail switch"),
      },
    ),
  );
  const note = firstOpenNote(readership, mailConfigured);

  return (
    <div className="collection-entry__reads">
      <p className="collection-entry__counts">
        <span>{openedText(readership, now)}</span>
        <span aria-hidden="true"> · </span>
        <span>{downloadedText(readership.pdfDownloads)}</span>
      </p>
      {note ? (
        <p className="collection-entry__notice">{note}</p>
      ) : (
        <label className="collection-entry__notice">
          <input
            type="checkbox"
            checked={emailSwitch.checked}
            disabled={!hydrated || emailSwitch.writing}
            onChange={(event) => void emailSwitch.change(event.target.checked)}
          />
          E-mail me when it is first opened<span className="visually-hidden"> ({title})</span>
        </label>
      )}
    </div>
  );
}

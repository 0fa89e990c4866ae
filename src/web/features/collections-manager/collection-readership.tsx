import { useState } from "react";
import {
  downloadedText,
  openedText,
  type CollectionReadership as Readership,
} from "../../../domain/readership";
import { useListWrite } from "../../lib/dashboard/use-list-write";
import { useHydrated } from "../../lib/use-hydrated";

const NOT_YET: Readership = { opens: 0, lastOpenedAt: null, pdfDownloads: 0, emailFirstOpen: false };

/**
 * What a public or unlisted collection's entry says of its readers ('Opened 3 times, last 2 hours
 * ago · PDF downloaded once'), and the switch for one e-mail at its first opening.
 */
export function CollectionReadership({
  id,
  title,
  readership = NOT_YET,
  now,
}: {
  id: string;
  title: string;
  readership?: Readership;
  now: Date;
}) {
  const write = useListWrite();
  const hydrated = useHydrated();
  // The switch shows where it was put while the change is saved; then what the server says.
  const [saving, setSaving] = useState<boolean | null>(null);

  async function switchEmail(on: boolean) {
    setSaving(on);
    await write(
      `/api/readers/collections/${encodeURIComponent(id)}`,
      "PUT",
      { emailFirstOpen: on },
      {
        done: on ? "You will get an e-mail when it is first opened" : "No e-mail when it is opened",
        failed: (error) => (error.status !== 0 ? error.message : "Failed to change the e-mail switch"),
      },
    );
    setSaving(null);
  }

  return (
    <div className="collection-entry__reads">
      <p className="collection-entry__counts">
        <span>{openedText(readership, now)}</span>
        <span aria-hidden="true"> · </span>
        <span>{downloadedText(readership.pdfDownloads)}</span>
      </p>
      <label className="collection-entry__notice">
        <input
          type="checkbox"
          checked={saving ?? readership.emailFirstOpen}
          disabled={!hydrated || saving !== null}
          onChange={(event) => void switchEmail(event.target.checked)}
        />
        E-mail me when it is first opened<span className="visually-hidden"> ({title})</span>
      </label>
    </div>
  );
}

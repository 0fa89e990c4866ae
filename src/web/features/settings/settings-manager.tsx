import { useId, useRef, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import type { Site } from "../../../domain/content";
import { useLiveUpdates } from "../../lib/use-live-updates";
import type { FieldErrors } from "../../lib/form-kit/form-fields";
import { LoadFailedNotice } from "../../lib/dashboard/load-failed";
import { useLastLoaded, useLoadFailureToast, type LoadFailed } from "../../lib/dashboard/load-state";
import type { FediverseOverview } from "../../../domain/fediverse";
import { FediversePanel } from "./fediverse-panel";
import { SettingsFields } from "./settings-fields";
import {
  changedKeys,
  settingsErrors,
  settingsPatch,
  siteToForm,
  type SettingsEdits,
  type SettingsForm,
} from "./settings-form";
import { CHANGES_REVERTED, useToast } from "../../lib/dashboard/toasts";
import { useFocusFirstInvalid } from "../../lib/form-kit/use-focus-invalid";
import { useHydrated } from "../../lib/use-hydrated";
import { useAdminApi } from "../../lib/dashboard/use-admin-api";
import "../../lib/dashboard/manager.css";

const TEXTS = {
  loadFailed: "Failed to load settings",
  saveFailed: "Failed to save settings",
  saved: "Settings saved successfully",
};

const ACCOUNT_KEYS: ReadonlySet<keyof SettingsForm> = new Set([
  "mastodon",
  "bluesky",
  "blueskyDid",
  "linkedin",
  "muckRack",
  "threads",
  "x",
  "otherAccounts",
]);

type SettingsManagerProps = {
  data: { site: Site; fediverse: FediverseOverview; publicUrl: string } | LoadFailed;
};

/** The settings editor: Save merges the changed fields into the stored settings, Reset reverts. */
export function SettingsManager({ data }: SettingsManagerProps) {
  useLiveUpdates(["site", "fediverse"]);
  useLoadFailureToast("loadFailedAt" in data ? data.loadFailedAt : undefined, TEXTS.loadFailed);
  const loaded = useLastLoaded("site" in data ? data.site : undefined);
  const fediverse = useLastLoaded("site" in data ? data.fediverse : undefined);
  const publicUrl = useLastLoaded("site" in data ? data.publicUrl : undefined);
  const toast = useToast();
  const send = useAdminApi();
  const revalidator = useRevalidator();
  const headingId = useId();
  const [edits, setEdits] = useState<SettingsEdits>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState("");
  const [saving, setSaving] = useState(false);
  /** The server's answer to our save, shown until the re-read list replaces `replaces`. */
  const [answered, setAnswered] = useState<{ site: Site; replaces: Site } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  useFocusFirstInvalid(formRef, errors);

  const heading = (
    <div className="manager__head">
      <h2 id={headingId}>Settings</h2>
    </div>
  );
  if (!loaded || !fediverse || !publicUrl) {
    return (
      <section className="manager" aria-labelledby={headingId}>
        {heading}
        <LoadFailedNotice message={TEXTS.loadFailed} />
      </section>
    );
  }

  const current = answered && answered.replaces === loaded ? answered.site : loaded;
  const saved = siteToForm(current);
  const form: SettingsForm = { ...saved, ...edits };
  const changed = changedKeys(saved, edits);
  const dirty = changed.length > 0;

  function set<K extends keyof SettingsForm>(key: K, value: SettingsForm[K]) {
    setEdits((previous) => ({ ...previous, [key]: value }));
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!dirty || saving || !loaded) return;
    setSaving(true);
    const sent = edits;
    const result = await send<Site>("/api/site", "PUT", settingsPatch(form, changed));
    if (result.ok) {
      setAnswered({ site: result.data, replaces: loaded });
      // Fields typed into while the save was on its way stay edited.
      setEdits((latest) =>
        Object.fromEntries(
          Object.entries(latest).filter(([key, value]) => sent[key as keyof SettingsForm] !== value),
        ),
      );
      setErrors({});
      setRefusal("");
      toast("success", TEXTS.saved);
      void revalidator.revalidate();
    } else if (!result.sessionExpired) {
      setErrors(settingsErrors(result.error.fields));
      setRefusal(result.error.message);
      toast("error", TEXTS.saveFailed);
    }
    setSaving(false);
  }

  function reset() {
    setEdits({});
    setErrors({});
    setRefusal("");
    toast("info", CHANGES_REVERTED);
  }

  return (
    <section className="manager" aria-labelledby={headingId}>
      {heading}
      <form ref={formRef} className="settings" noValidate onSubmit={save} aria-labelledby={headingId}>
        <fieldset className="settings__fields" disabled={!hydrated}>
          <SettingsFields
            publicUrl={publicUrl}
            form={form}
            set={set}
            errors={errors}
            unsavedAccounts={changed.some((key) => ACCOUNT_KEYS.has(key))}
          />
        </fieldset>
        <div className="action-bar action-bar--sticky">
          {refusal ? <p className="form-error">{refusal}</p> : null}
          <button type="submit" className="button button--primary" disabled={!dirty || saving}>
            {saving ? "Saving…" : "Save"}
          </button>
          <button type="button" className="button" disabled={!dirty || saving} onClick={reset}>
            Reset
          </button>
          {dirty ? <span className="badge badge--dirty">Unsaved changes</span> : null}
        </div>
      </form>
      <FediversePanel overview={fediverse} publicUrl={publicUrl} />
    </section>
  );
}

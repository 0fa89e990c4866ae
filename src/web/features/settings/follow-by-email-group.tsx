import { useId } from "react";
import { FOLLOW_CADENCES, type FollowCadence } from "../../../domain/content";
import type { SettingsForm, SettingsKey } from "./settings-form";
import "./follow-by-email-group.css";

const CADENCE_LABELS: Record<FollowCadence, string> = { immediately: "Immediately", weekly: "Weekly" };

type Props = {
  form: SettingsForm;
  set: <K extends SettingsKey>(key: K, value: SettingsForm[K]) => void;
};

/** Follow by e-mail: the switch that shows the public 'Follow my work' form, and how often mails go. */
export function FollowByEmailGroup({ form, set }: Props) {
  const id = useId();
  return (
    <fieldset className="settings-group">
      <legend>Follow by e-mail</legend>
      <div className="editor__grid">
        <div className="check check--switch field--wide">
          <input
            id={`${id}-on`}
            type="checkbox"
            role="switch"
            checked={form.followOn}
            onChange={(event) => set("followOn", event.target.checked)}
            aria-describedby={`${id}-hint`}
          />
          <label htmlFor={`${id}-on`}>Let readers follow my work by e-mail</label>
          <small id={`${id}-hint`} className="field__hint">
            Shows a 'Follow my work' form on your page. Each address confirms by e-mail first; every e-mail
            has a one-click unsubscribe. Followers are counted in Readers.
          </small>
        </div>
        <fieldset className="field field--wide follow-cadence" disabled={!form.followOn}>
          <legend>Send new clips</legend>
          {FOLLOW_CADENCES.map((cadence) => (
            <div key={cadence} className="check">
              <input
                id={`${id}-${cadence}`}
                type="radio"
                name={`${id}-cadence`}
                value={cadence}
                checked={form.followCadence === cadence}
                onChange={() => set("followCadence", cadence)}
              />
              <label htmlFor={`${id}-${cadence}`}>{CADENCE_LABELS[cadence]}</label>
            </div>
          ))}
        </fieldset>
      </div>
    </fieldset>
  );
}

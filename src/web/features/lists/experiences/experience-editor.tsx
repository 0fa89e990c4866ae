import { useId } from "react";
import type { EditorProps } from "../list-config";
import { DurationFields } from "./duration-fields";
import type { ExperienceDraft } from "./experience-draft";
import { TextField } from "../../../lib/form-kit/form-fields";
import { LinksField } from "./links-field";
import { StringListField } from "../../../lib/form-kit/string-list-field";

const TYPE_SUGGESTIONS = ["Full-time", "Part-time", "Freelance", "Internship", "Contract", "Volunteer"];

export function ExperienceEditor({ draft, onChange, errors, now }: EditorProps<ExperienceDraft>) {
  const typesId = useId();
  const set = (patch: Partial<ExperienceDraft>) => onChange({ ...draft, ...patch });
  return (
    <div className="editor">
      <div className="editor__grid">
        <TextField
          label="Role"
          required
          value={draft.role}
          onChange={(role) => set({ role })}
          error={errors.role}
        />
        <TextField
          label="Organization"
          required
          value={draft.organization}
          onChange={(organization) => set({ organization })}
          error={errors.organization}
        />
        <TextField
          label="Type"
          value={draft.type}
          onChange={(type) => set({ type })}
          list={typesId}
          hint="Such as Full-time, Part-time or Freelance"
          error={errors.type}
        />
        <datalist id={typesId}>
          {TYPE_SUGGESTIONS.map((type) => (
            <option key={type} value={type} />
          ))}
        </datalist>
      </div>
      <DurationFields
        controls={draft.controls}
        onChange={(controls) => set({ controls })}
        now={now}
        error={errors.duration}
      />
      <StringListField
        legend="Bullets"
        noun="bullet"
        items={draft.bullets}
        onChange={(bullets) => set({ bullets })}
        path="bullets"
        errors={errors}
        multiline
        max={30}
      />
      <LinksField links={draft.links} onChange={(links) => set({ links })} errors={errors} />
    </div>
  );
}

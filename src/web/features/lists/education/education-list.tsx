import type { Education, EducationInput } from "../../../../domain/content";
import type { ListConfig, EditorProps } from "../list-config";
import { TextField } from "../../../lib/form-kit/form-fields";
import { StringListField } from "../../../lib/form-kit/string-list-field";

export type EducationDraft = EducationInput;

function EducationEditor({ draft, onChange, errors }: EditorProps<EducationDraft>) {
  const set = (patch: Partial<EducationDraft>) => onChange({ ...draft, ...patch });
  return (
    <div className="editor">
      <div className="editor__grid">
        <TextField
          label="Institution"
          required
          wide
          value={draft.institution}
          onChange={(institution) => set({ institution })}
          error={errors.institution}
        />
        <TextField
          label="Credential"
          value={draft.credential}
          onChange={(credential) => set({ credential })}
          hint="Such as BA (Hons) Journalism"
          error={errors.credential}
        />
        <TextField
          label="Duration"
          required
          value={draft.duration}
          onChange={(duration) => set({ duration })}
          hint="Such as 2019 - 2022"
          error={errors.duration}
        />
      </div>
      <StringListField
        legend="Details"
        noun="detail"
        items={draft.details}
        onChange={(details) => set({ details })}
        path="details"
        errors={errors}
        multiline
        max={30}
      />
    </div>
  );
}

export const educationList: ListConfig<Education, EducationDraft, EducationInput> = {
  topic: "education",
  endpoint: "/api/education",
  words: { singular: "education", plural: "education", title: "Education" },
  toDraft: (item) => ({
    institution: item.institution,
    credential: item.credential,
    duration: item.duration,
    details: [...item.details],
  }),
  toInput: (draft) => ({ ...draft, details: draft.details.filter((detail) => detail.trim() !== "") }),
  summary: (draft) => ({
    title: draft.institution.trim() || "Untitled institution",
    meta: [draft.credential.trim(), draft.duration.trim()].filter(Boolean).join(" — "),
  }),
  Editor: EducationEditor,
};

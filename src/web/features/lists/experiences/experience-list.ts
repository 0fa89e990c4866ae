import type { Experience, ExperienceInput } from "../../../../domain/content";
import { formatDuration } from "../../../../domain/durations";
import type { ListConfig } from "../list-config";
import { experienceToDraft, experienceToInput, type ExperienceDraft } from "./experience-draft";
import { ExperienceEditor } from "./experience-editor";

export const experienceList: ListConfig<Experience, ExperienceDraft, ExperienceInput> = {
  topic: "experiences",
  endpoint: "/api/experiences",
  words: { singular: "experience", plural: "experiences", title: "Experience" },
  newNote: "New experience - Save to sort chronologically",
  toDraft: experienceToDraft,
  toInput: experienceToInput,
  summary: (draft, now) => ({
    title: draft.role.trim() || "Untitled role",
    meta: [draft.organization.trim(), formatDuration(draft.controls, now)].filter(Boolean).join(" — "),
    badge: draft.type.trim() || undefined,
  }),
  Editor: ExperienceEditor,
};

import type { Experience, ExperienceInput } from "../../../../domain/content";
import { formatDuration } from "../../../../domain/durations";
import type { CollectionConfig } from "../collection-config";
import { experienceToDraft, experienceToInput, type ExperienceDraft } from "./experience-draft";
import { ExperienceEditor } from "./experience-editor";

export const experienceCollection: CollectionConfig<Experience, ExperienceDraft, ExperienceInput> = {
  collection: "experiences",
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

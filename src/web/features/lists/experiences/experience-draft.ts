import type { Experience, ExperienceInput } from "../../../../domain/content";
import { formatDuration, parseDuration, type DurationControls } from "../../../../domain/durations";

export type LinkDraft = { label: string; url: string };

/** The experience editor's state: the duration is held as its controls and rebuilt on save. */
export type ExperienceDraft = {
  role: string;
  organization: string;
  type: string;
  controls: DurationControls;
  bullets: string[];
  links: LinkDraft[];
};

export function experienceToDraft(item: Pick<Experience, keyof ExperienceInput>, now: Date): ExperienceDraft {
  return {
    role: item.role,
    organization: item.organization,
    type: item.type,
    controls: parseDuration(item.duration, now),
    bullets: [...item.bullets],
    links: item.links.map((link) => ({ ...link })),
  };
}

/** The overwrite-save body. Blank bullets and blank links are not content, so they are left out. */
export function experienceToInput(draft: ExperienceDraft, now: Date): ExperienceInput {
  return {
    role: draft.role,
    organization: draft.organization,
    type: draft.type,
    duration: formatDuration(draft.controls, now),
    bullets: draft.bullets.filter((bullet) => bullet.trim() !== ""),
    links: draft.links.filter((link) => link.label.trim() !== "" || link.url.trim() !== ""),
  };
}

/** True when the chosen end month comes before the start month (the length then reads '1 mo'). */
export function endsBeforeStart(controls: DurationControls): boolean {
  if (controls.current) return false;
  return controls.endYear * 12 + controls.endMonth < controls.startYear * 12 + controls.startMonth;
}

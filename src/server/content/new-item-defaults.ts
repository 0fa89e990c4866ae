import type { ArticleInput, EducationInput, ExperienceInput } from "../../domain/content";
import { todayIso } from "../../domain/dates";
import { newEducationDuration, newExperienceDuration } from "../../domain/durations";

/** The documents "add" creates, for the owner to fill in (docs/product.md, Content). */

export function newExperienceDefaults(now: Date): ExperienceInput {
  return {
    role: "New Role",
    organization: "Organization",
    type: "",
    duration: newExperienceDuration(now),
    bullets: [],
    links: [],
  };
}

export function newEducationDefaults(now: Date): EducationInput {
  return { institution: "New Institution", credential: "", duration: newEducationDuration(now), details: [] };
}

export function newArticleDefaults(now: Date): ArticleInput {
  return {
    title: "New Article",
    outlet: "",
    url: "",
    date: todayIso(now),
    description: "",
    image: "",
    featured: false,
    content: "",
    tags: [],
  };
}

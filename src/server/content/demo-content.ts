import type { EducationInput, ExperienceInput } from "../../domain/content";
import { DEMO_SITE } from "../../domain/demo-site";
import type { Store } from "../kernel/db/open-database";
import type { ContentRepositories } from "./content-repositories";
import { DEMO_ARTICLES } from "./demo-articles";

export const DEMO_EXPERIENCES: ExperienceInput[] = [
  {
    role: "Parliamentary Intern",
    organization: "Office of the MP for Eastbrook",
    type: "Full-time",
    duration: "Sep 2026 - Present · 3 mos",
    bullets: [
      "Write research briefings for debates, written questions and select committee sessions.",
      "Handle constituency casework on housing, benefits and immigration.",
      "Track local government finance policy and draft responses to consultations.",
    ],
    links: [{ label: "About the internship scheme", url: "https://parliament-internships.example/scheme" }],
  },
  {
    role: "Freelance Journalist",
    organization: "Self-employed",
    type: "Freelance",
    duration: "Jan 2024 - Present · 2 yrs 11 mos",
    bullets: [
      "Investigations and features for regional titles on housing, flooding and local services.",
      "Data analysis of public spending, attendance and planning records.",
      "Long-form interviews with local leaders and residents.",
    ],
    links: [
      { label: "The Meridian Herald author page", url: "https://meridianherald.example/authors/morgan-hale" },
      { label: "Data Desk Review projects", url: "https://datadeskreview.example/contributors/morgan-hale" },
    ],
  },
  {
    role: "Editor",
    organization: "The Quad, student newspaper",
    type: "Part-time",
    duration: "Sep 2021 - Jun 2023 · 1 yr 10 mos",
    bullets: [
      "Led a team of twenty student reporters and editors.",
      "Launched the paper's first data desk and freedom of information tracker.",
    ],
    links: [{ label: "The Quad archive", url: "https://thequad.example/archive" }],
  },
];

export const DEMO_EDUCATION: EducationInput[] = [
  {
    institution: "Northgate School of Journalism",
    credential: "MA Investigative Journalism",
    duration: "2023 - 2024",
    details: [
      "Dissertation on freedom of information use by local newsrooms.",
      "NCTJ Diploma, including shorthand at 100 wpm.",
    ],
  },
  {
    institution: "University of Eastbrook",
    credential: "BA Politics and Economics",
    duration: "2020 - 2023",
    details: ["First-class honours.", "Editor of The Quad, the student newspaper."],
  },
];

/** Fills an empty database in one transaction, so a crash can never leave half a demo. */
export function seedDemoContent(store: Store, repos: ContentRepositories) {
  store.sqlite.transaction(() => {
    for (const article of DEMO_ARTICLES) repos.articles.create(article);
    for (const experience of DEMO_EXPERIENCES) repos.experiences.create(experience);
    for (const education of DEMO_EDUCATION) repos.education.create(education);
    repos.site.put(DEMO_SITE);
  })();
}

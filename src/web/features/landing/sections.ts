/** The page's sections in order, with their top-bar button labels (docs/product.md, The public page). */
export const SECTIONS = [
  { id: "front", label: "FRONT PAGE" },
  { id: "features", label: "FEATURES" },
  { id: "work", label: "WORK" },
  { id: "experience", label: "EXPERIENCE" },
  { id: "education", label: "EDUCATION" },
  { id: "contact", label: "CONTACT" },
] as const;

export type SectionId = (typeof SECTIONS)[number]["id"];

export const SECTION_IDS: readonly SectionId[] = SECTIONS.map((section) => section.id);

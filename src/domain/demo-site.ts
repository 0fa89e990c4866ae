import { siteSchema, type Site } from "./content";

/**
 * The demo's settings (seeded into an empty database, src/server/content/demo-content.ts), and
 * the one rule for what is left of them once the site is the owner's (docs/product.md, The demo).
 */
export const DEMO_SITE: Site = siteSchema.parse({
  name: "Morgan Hale",
  strapline: "Reporting on the places and people that decisions are made about.",
  heroImage: "/demo/portrait.jpg",
  hero: {
    location: "London & the Wend Valley",
    tagline: "Investigations, data and interviews on local power, housing and public services.",
    latestArticleUrl: "",
    professions: ["Freelance Journalist", "Parliamentary Intern"],
  },
  about: [
    "Morgan Hale is a fictional freelance journalist created to demonstrate Byline. Morgan covers local government, housing and public services, with a habit of reading the appendices nobody else reads.",
    "Morgan's work has appeared in five (equally fictional) regional titles, and currently combines reporting with a parliamentary internship in Westminster.",
  ].join("\n\n"),
  featuredOutlets: [
    "The Meridian Herald",
    "Northgate Courier",
    "The Civic Ledger",
    "Harbour Weekly",
    "Data Desk Review",
  ],
  social: { linkedin: "https://www.linkedin.com/in/example-morgan-hale", email: "morgan@example.com" },
  currentRole: {
    title: "Parliamentary Intern",
    employer: "Office of the Member of Parliament for Eastbrook (a fictional constituency)",
    place: "House of Commons, Westminster",
    description:
      "Research briefings for debates and committee work, constituency casework, and policy support on housing and local government finance.",
  },
  blockList: [],
});
/**
 * The site's settings with every value still the demo's taken out, all but the name (which is
 * required): its e-mail, LinkedIn, portrait, biography, outlets, hero and current role. What
 * 'Remove the demo' stores, and what the public sees once the owner has saved their own name.
 */
export function withoutDemoSettings(site: Site): Site {
  const demo = DEMO_SITE;
  const keep = <T>(value: T, demoValue: T): T | "" => (value === demoValue ? "" : value);
  return {
    ...site,
    strapline: keep(site.strapline, demo.strapline),
    heroImage: keep(site.heroImage, demo.heroImage),
    about: keep(site.about, demo.about),
    featuredOutlets: site.featuredOutlets.filter((outlet) => !demo.featuredOutlets.includes(outlet)),
    hero: {
      location: keep(site.hero.location, demo.hero.location),
      tagline: keep(site.hero.tagline, demo.hero.tagline),
      latestArticleUrl: site.hero.latestArticleUrl,
      professions: [
        keep(site.hero.professions[0], demo.hero.professions[0]),
        keep(site.hero.professions[1], demo.hero.professions[1]),
      ],
    },
    social: {
      linkedin: keep(site.social.linkedin, demo.social.linkedin),
      email: keep(site.social.email, demo.social.email),
    },
    currentRole: {
      title: keep(site.currentRole.title, demo.currentRole.title),
      employer: keep(site.currentRole.employer, demo.currentRole.employer),
      place: keep(site.currentRole.place, demo.currentRole.place),
      description: keep(site.currentRole.description, demo.currentRole.description),
    },
  };
}

/** True while the site still goes by the demo's name: it is the demo, and may show it whole. */
export function isDemoIdentity(site: Pick<Site, "name">): boolean {
  return site.name.trim() === DEMO_SITE.name;
}

/**
 * The settings as anything outside the dashboard may print them (pages, the clip book): once the
 * owner saved their own name, the demo's leftovers (its e-mail, LinkedIn, biography...) are unset.
 */
export function ownedSite(site: Site): Site {
  return isDemoIdentity(site) ? site : withoutDemoSettings(site);
}

/** Where the owner's mail may go from the settings: their own e-mail, never the demo's. */
export function ownerEmail(site: Site): string | undefined {
  return withoutDemoSettings(site).social.email || undefined;
}

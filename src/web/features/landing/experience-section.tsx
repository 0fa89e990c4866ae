import type { Education, Experience } from "../../../domain/content";
import { sortEducation, sortExperiences } from "../../../domain/list-order";
import { safeHref } from "../../../domain/safe-url";
import { EducationAccordion } from "./education-accordion";
import { SectionDivider } from "./section-divider";
import "./experience-section.css";

function ExperienceCard({ item }: { item: Experience }) {
  const links = item.links.filter((link) => safeHref(link.url) !== "#");
  return (
    <article className="lp-job">
      <p className="lp-overline lp-job__organization">{item.organization}</p>
      <h3 className="lp-job__role">{item.role}</h3>
      <p className="lp-job__meta">
        {item.duration ? <span className="lp-job__duration">{item.duration}</span> : null}
        {item.type ? <span className="lp-job__type">{item.type}</span> : null}
      </p>
      {item.bullets.length > 0 ? (
        <ul className="lp-job__bullets">
          {item.bullets.map((bullet, index) => (
            <li key={index}>{bullet}</li>
          ))}
        </ul>
      ) : null}
      {links.length > 0 ? (
        <div className="lp-job__links">
          <h4 className="lp-job__links-title">Related Links</h4>
          <ul>
            {links.map((link, index) => (
              <li key={index}>
                <a href={safeHref(link.url)} target="_blank" rel="noopener noreferrer">
                  {link.label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </article>
  );
}

/** Professional Experience & Education: the experience cards, then the Academic Background accordion. */
export function ExperienceSection({
  experiences,
  education,
  now,
}: {
  experiences: readonly Experience[];
  education: readonly Education[];
  now: Date;
}) {
  const jobs = sortExperiences(experiences, now);
  return (
    <section id="experience" className="lp-section" tabIndex={-1} aria-labelledby="lp-experience-title">
      <SectionDivider id="lp-experience-title">Professional Experience & Education</SectionDivider>
      {jobs.length > 0 ? (
        <ul className="lp-jobs">
          {jobs.map((item) => (
            <li key={item.id}>
              <ExperienceCard item={item} />
            </li>
          ))}
        </ul>
      ) : null}
      <div id="education" className="lp-education" tabIndex={-1}>
        <h3 className="lp-education__title">Academic Background</h3>
        <EducationAccordion items={sortEducation(education)} />
      </div>
    </section>
  );
}

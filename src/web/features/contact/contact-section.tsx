import type { Site } from "../../../domain/content";

export type ContactSectionProps = {
  site: Pick<Site, "name" | "social">;
  onExplorePortfolio: () => void;
};

/** Placeholder until the contact issue lands: the interface is the contract with the landing page. */
export function ContactSection({ site }: ContactSectionProps) {
  return (
    <div className="contact-section">
      <h2>Get In Touch</h2>
      <p>Always interested in new opportunities and collaborations</p>
      {site.social.email ? <a href={`mailto:${site.social.email}`}>{site.social.email}</a> : null}
    </div>
  );
}

import { useEffect, useId, useRef, useState } from "react";
import { accountLinks } from "../../../domain/account-links";
import type { Site } from "../../../domain/content";
import { isHttpUrl } from "../../../domain/safe-url";
import { useHydrated } from "../../lib/use-hydrated";
import { ContactForm } from "./contact-form";
import { LinkedInButton } from "./linkedin-button";
import "./contact.css";

/** What makes the section the page's microformats2 h-card, besides the name and the accounts. */
export type OwnerCard = {
  /** The site's home, absolute (`u-url`, `u-uid`). */
  home: string;
  /** The owner's photo, absolute (`u-photo`). */
  photo?: string;
  /** One line about them (`p-note`). */
  note: string;
};

export type ContactSectionProps = {
  /** As visitors may see it (publicSite): the demo's LinkedIn is not the owner's. */
  site: Pick<Site, "name" | "social" | "accounts" | "replyNote">;
  onExplorePortfolio: () => void;
  /** Given on the front page, the one h-card of the site. */
  card?: OwnerCard;
};

/**
 * 'Get In Touch': the form behind the 'Send Message' / 'Hide Form' toggle, the LinkedIn
 * button and the owner's other accounts, and the thank-you panel after a message was accepted
 * (docs/product.md, Contact). Every account link carries rel="me". With `card`, it is the page's
 * h-card: the name, home, photo and note are `<data>` values, read by microformats parsers and
 * not shown twice on the page.
 */
export function ContactSection({ site, onExplorePortfolio, card }: ContactSectionProps) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const [sentNote, setSentNote] = useState<string | undefined>();
  const focusNext = useRef<"form" | "thanks" | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const linkedin = isHttpUrl(site.social.linkedin) ? site.social.linkedin : null;
  // LinkedIn has its own button above.
  const elsewhere = accountLinks(site).filter((account) => account.url !== linkedin);
  // The form needs the script to send; until it runs, the toggle would do nothing.
  const hydrated = useHydrated();

  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === "thanks") panelRef.current?.querySelector<HTMLElement>(".contact-thanks__title")?.focus();
    if (target === "form") panelRef.current?.querySelector<HTMLElement>("input, textarea")?.focus();
  }, [open, sent]);

  function toggle() {
    if (!open) focusNext.current = sent ? "thanks" : "form";
    setOpen(!open);
  }

  return (
    <div className={card ? "contact h-card" : "contact"}>
      {card ? (
        <>
          <data className="p-name" value={site.name} />
          <data className="u-url u-uid" value={card.home} />
          {card.photo ? <data className="u-photo" value={card.photo} /> : null}
          {card.note ? <data className="p-note" value={card.note} /> : null}
        </>
      ) : null}
      <h3 className="contact__title">Get In Touch</h3>
      <p className="contact__intro">Always interested in new opportunities and collaborations</p>
      <div className="contact__actions">
        <button
          type="button"
          className="outline-button contact-button contact-button--primary"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={toggle}
          disabled={!hydrated}
        >
          {open ? "Hide Form" : "Send Message"}
        </button>
        {linkedin ? <LinkedInButton href={linkedin} className="outline-button contact-button u-url" /> : null}
      </div>
      {elsewhere.length > 0 ? (
        <ul className="contact__accounts" aria-label="Elsewhere">
          {elsewhere.map((account) => (
            <li key={account.url}>
              <a className="u-url" rel="me" href={account.url}>
                {account.label}
              </a>
            </li>
          ))}
        </ul>
      ) : null}

      <div id={panelId} ref={panelRef} className="contact__panel" hidden={!open}>
        {sent ? (
          <div className="contact-thanks">
            <h4 className="contact-thanks__title" tabIndex={-1}>
              Thank you for reaching out!
            </h4>
            {sentNote ? <p className="contact-thanks__text">{sentNote}</p> : null}
            {site.replyNote.trim() ? <p className="contact-thanks__text">{site.replyNote}</p> : null}
            <div className="contact-thanks__actions">
              <button
                type="button"
                className="outline-button contact-button contact-button--primary"
                onClick={() => {
                  focusNext.current = "form";
                  setSent(false);
                }}
              >
                Send Another Message
              </button>
              <button type="button" className="outline-button contact-button" onClick={onExplorePortfolio}>
                Explore My Portfolio
              </button>
            </div>
          </div>
        ) : (
          <ContactForm
            onSent={(note) => {
              focusNext.current = "thanks";
              setSentNote(note);
              setSent(true);
            }}
          />
        )}
      </div>
    </div>
  );
}

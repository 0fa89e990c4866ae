import { useEffect, useId, useRef, useState } from "react";
import type { Site } from "../../../domain/content";
import { isHttpUrl } from "../../../domain/safe-url";
import { useHydrated } from "../../lib/use-hydrated";
import { ContactForm } from "./contact-form";
import { LinkedInButton } from "./linkedin-button";
import "./contact.css";

export type ContactSectionProps = {
  site: Pick<Site, "name" | "social" | "replyNote">;
  onExplorePortfolio: () => void;
};

/**
 * 'Get In Touch': the form behind the 'Send Message' / 'Hide Form' toggle, the LinkedIn
 * button, and the thank-you panel after a message was accepted (docs/product.md, Contact).
 */
export function ContactSection({ site, onExplorePortfolio }: ContactSectionProps) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const [sentNote, setSentNote] = useState<string | undefined>();
  const focusNext = useRef<"form" | "thanks" | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const linkedin = isHttpUrl(site.social.linkedin) ? site.social.linkedin : null;
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
    <div className="contact">
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
        {linkedin ? <LinkedInButton href={linkedin} className="outline-button contact-button" /> : null}
      </div>

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

import { useState } from "react";
import type { Education } from "../../../domain/content";
import "./education-accordion.css";

/**
 * Academic Background: one entry per institution (institution, credential, duration); the
 * button opens its details. Without JavaScript every entry shows its details (see
 * education-accordion.css).
 */
export function EducationAccordion({ items }: { items: readonly Education[] }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <ul className="lp-accordion">
      {items.map((item) => {
        const expanded = open.has(item.id);
        const buttonId = `lp-edu-button-${item.id}`;
        const panelId = `lp-edu-panel-${item.id}`;
        const hasDetails = item.details.length > 0;
        return (
          <li key={item.id} className="lp-accordion__item" data-expanded={expanded ? "true" : "false"}>
            <h4 className="lp-accordion__heading">
              <button
                type="button"
                id={buttonId}
                className="lp-accordion__button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
              >
                <span className="lp-accordion__institution">{item.institution}</span>
                {item.credential ? <span className="lp-accordion__credential">{item.credential}</span> : null}
                <span className="lp-accordion__duration">{item.duration}</span>
                <span className="lp-accordion__icon" aria-hidden="true" />
              </button>
            </h4>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              className="lp-accordion__panel"
              hidden={!expanded}
            >
              {hasDetails ? (
                <ul className="lp-accordion__details">
                  {item.details.map((detail, index) => (
                    <li key={index}>{detail}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

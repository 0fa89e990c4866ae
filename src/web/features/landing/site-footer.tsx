import type { AccountLink } from "../../../domain/accounts";
import "./site-footer.css";

/** The owner as a microformats2 h-card: who they are, and their accounts elsewhere as rel="me". */
export type OwnerCard = {
  /** The site's home, absolute (`u-url`, `u-uid`). */
  home: string;
  /** The owner's photo, absolute (`u-photo`). */
  photo?: string;
  /** One line about them (`p-note`). */
  note: string;
  accounts: readonly AccountLink[];
};

/**
 * The footer: current year, owner name and the professions from Settings (the demo's are
 * 'Freelance Journalist' and 'Parliamentary Intern'; never written here, or every owner's footer
 * would keep them), and the owner's accounts. It is the page's h-card: the photo, home and note
 * are `<data>` values, read by microformats parsers and not shown twice.
 */
export function SiteFooter({
  name,
  professions,
  year,
  card,
}: {
  name: string;
  professions: string[];
  year: number;
  card: OwnerCard;
}) {
  const shown = professions.filter((profession) => profession.trim() !== "");
  return (
    <footer className="lp-footer">
      <div className="lp-footer__inner h-card">
        <p className="lp-footer__name">
          © {year} <span className="p-name">{name}</span>
          <data className="u-url u-uid" value={card.home} />
          {card.photo ? <data className="u-photo" value={card.photo} /> : null}
          {card.note ? <data className="p-note" value={card.note} /> : null}
        </p>
        {shown.length ? (
          <ul className="lp-footer__roles">
            {shown.map((profession, index) => (
              <li key={index}>{profession}</li>
            ))}
          </ul>
        ) : null}
        {card.accounts.length ? (
          <ul className="lp-footer__accounts" aria-label="Elsewhere">
            {card.accounts.map((account) => (
              <li key={account.url}>
                <a className="u-url" rel="me" href={account.url}>
                  {account.label}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </footer>
  );
}

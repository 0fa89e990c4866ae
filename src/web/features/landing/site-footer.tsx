import "./site-footer.css";

/**
 * The footer: current year, owner name and the professions from Settings (the demo's are
 * 'Freelance Journalist' and 'Parliamentary Intern'; never written here, or every owner's footer
 * would keep them).
 */
export function SiteFooter({
  name,
  professions,
  year,
}: {
  name: string;
  professions: string[];
  year: number;
}) {
  const shown = professions.filter((profession) => profession.trim() !== "");
  return (
    <footer className="lp-footer">
      <div className="lp-footer__inner">
        <p className="lp-footer__name">
          © {year} {name}
        </p>
        {shown.length ? (
          <ul className="lp-footer__roles">
            {shown.map((profession, index) => (
              <li key={index}>{profession}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </footer>
  );
}

import "./site-footer.css";

/** The footer: current year, owner name, 'Parliamentary Intern', 'Freelance Journalist'. */
export function SiteFooter({ name, year }: { name: string; year: number }) {
  return (
    <footer className="lp-footer">
      <div className="lp-footer__inner">
        <p className="lp-footer__name">
          © {year} {name}
        </p>
        <ul className="lp-footer__roles">
          <li>Parliamentary Intern</li>
          <li>Freelance Journalist</li>
        </ul>
      </div>
    </footer>
  );
}

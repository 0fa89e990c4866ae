import { Link } from "react-router";
import { checklistDone, type HomeSummary } from "../../../domain/home";
import { useMinuteClock } from "../../lib/use-minute-clock";
import { archiveText, backupText, diskLines, needLines, readerLines, type HomeLine } from "./home-lines";
import { MakeItYours } from "./make-it-yours";
import "./home.css";

function Lines({ lines }: { lines: HomeLine[] }) {
  return (
    <ul className="home__lines">
      {lines.map((line) => (
        <li key={line.text}>
          <Link to={line.to}>{line.text}</Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The dashboard's Home (docs/product.md, Sign-in and dashboard): 'View site', the first hour's
 * checklist until it is done, then what needs the owner, how the site is doing, the archive and
 * the last backup, each line leading to the tab where it is handled.
 */
export function HomeView({ summary, loading }: { summary: HomeSummary; loading: boolean }) {
  const now = useMinuteClock();
  const needs = needLines(summary.needs);
  const backup = backupText(summary.backup.lastAt, now);
  return (
    <div className="home" aria-busy={loading}>
      <div className="home__head">
        <h2 className="home__title">Home</h2>
        <a className="button" href="/">
          View site
        </a>
      </div>
      {loading ? (
        <p className="home__loading" role="status">
          Loading…
        </p>
      ) : null}
      {checklistDone(summary.checklist) ? null : <MakeItYours summary={summary} />}
      <section className="home__group" aria-labelledby="home-needs">
        <h3 id="home-needs">Needs you</h3>
        {needs.length ? <Lines lines={needs} /> : <p className="home__none">Nothing needs you right now.</p>}
      </section>
      <section className="home__group" aria-labelledby="home-readers">
        <h3 id="home-readers">How the site is doing</h3>
        <Lines lines={readerLines(summary.readers)} />
      </section>
      <section className="home__group" aria-labelledby="home-archive">
        <h3 id="home-archive">Archive and backups</h3>
        <ul className="home__lines">
          <li>
            <Link to="articles">{archiveText(summary.archive, now)}</Link>
          </li>
          <li className={backup.stale ? "home__stale" : undefined}>
            {backup.text}
            {backup.stale ? (
              <>
                : run <code>npx byline backup DIR</code> (docs/deploy.md sets up a nightly one)
              </>
            ) : null}
          </li>
        </ul>
      </section>
      <section className="home__group" aria-labelledby="home-disk">
        <h3 id="home-disk">Disk</h3>
        {summary.disk.low ? (
          <p className="home__warning" role="alert">
            The disk is nearly full. {summary.disk.low} Captures, image warm-up, the clip watch and the
            Wayback queue wait until there is more space: delete old backups or other files on the server
            (docs/deploy.md, Disk space).
          </p>
        ) : null}
        <ul className="home__lines">
          {diskLines(summary.disk).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}

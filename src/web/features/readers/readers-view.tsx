import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { READERS_PERIODS, type ReadersPeriod, type ReadersReport } from "../../../domain/readership";
import { useHydrated } from "../../lib/use-hydrated";
import { READERS_SERIES } from "./readers-series";
import "./readers.css";
import { counted } from "../../../domain/counted";

const ReadersChart = lazy(() =>
  import("./readers-chart").then((module) => ({ default: module.ReadersChart })),
);

const TITLE_ID = "readers-title";

/** 'In the last 30 days: 12 reader opens, 3 collection openings and 1 PDF download.' */
export function readersSummary(report: ReadersReport, period: ReadersPeriod): string {
  const sum = (key: (typeof READERS_SERIES)[number]["key"]) =>
    report.days.reduce((n, day) => n + day[key], 0);
  return (
    `In the last ${period} days: ${counted(sum("articleOpens"), "reader open", "reader opens")}, ` +
    `${counted(sum("collectionOpens"), "collection opening", "collection openings")} and ` +
    `${counted(sum("pdfDownloads"), "PDF download", "PDF downloads")}.`
  );
}

/** '26 Nov' for a day key '2026-11-26'. */
const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });

/**
 * The dashboard's Readers view: per day of the last 30 or 90 days, reader opens, collection
 * openings and PDF downloads (a chart, with a summary and a table saying the same), the most
 * opened articles and the sites that sent readers. Counted without cookies or addresses.
 */
export function ReadersView({
  report,
  period,
  loading,
}: {
  report: ReadersReport;
  period: ReadersPeriod;
  /** Another period is being read. */
  loading: boolean;
}) {
  const hydrated = useHydrated();
  const empty = report.days.every((day) => READERS_SERIES.every((series) => day[series.key] === 0));
  return (
    <section className="readers" aria-labelledby={TITLE_ID} aria-busy={loading}>
      <header className="readers__header">
        <h2 id={TITLE_ID} className="readers__title" tabIndex={-1}>
          Readers
        </h2>
        <nav className="readers__periods" aria-label="Period">
          {READERS_PERIODS.map((days) => (
            <Link
              key={days}
              to={`?days=${days}`}
              className="readers__period"
              aria-current={days === period ? "page" : undefined}
              preventScrollReset
            >
              Last {days} days
            </Link>
          ))}
        </nav>
      </header>
      <p className="readers__note">
        Counted without cookies and without storing addresses; bots, browsers that ask not to be tracked and
        your own visits are left out.
      </p>
      {loading ? (
        <p className="readers__loading" role="status">
          Loading…
        </p>
      ) : null}
      {empty ? (
        <p className="list-tab__empty">
          No readers counted in the last {period} days yet. An article opened in the reader, a collection
          opened or its PDF downloaded shows here the next minute.
        </p>
      ) : (
        <>
          <figure className="readers__figure" aria-labelledby="readers-summary">
            <figcaption id="readers-summary" className="readers__summary">
              {readersSummary(report, period)}
            </figcaption>
            {hydrated ? (
              <Suspense
                fallback={
                  <p className="readers-chart__note" role="status">
                    Drawing the chart…
                  </p>
                }
              >
                <ReadersChart days={report.days} />
              </Suspense>
            ) : null}
          </figure>
          <details className="readers__table">
            <summary>Each day’s figures</summary>
            <table>
              <caption className="visually-hidden">Readers per day, last {period} days</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  {READERS_SERIES.map((series) => (
                    <th key={series.key} scope="col">
                      {series.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {report.days.map((day) => (
                  <tr key={day.day}>
                    <th scope="row">
                      <time dateTime={day.day}>{shortDay(day.day)}</time>
                    </th>
                    {READERS_SERIES.map((series) => (
                      <td key={series.key}>{day[series.key]}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
          <div className="readers__lists">
            <Ranking
              id="readers-top-title"
              title="Top articles"
              none="No article opened in the reader yet."
              rows={report.topArticles.map((article) => ({
                key: article.id,
                name: article.title,
                count: counted(article.opens, "open", "opens"),
              }))}
            />
            <Ranking
              id="readers-referrers-title"
              title="Referring sites"
              none="No other site has sent readers yet."
              rows={report.referrers.map((referrer) => ({
                key: referrer.host,
                name: referrer.host,
                count: counted(referrer.count, "reader", "readers"),
              }))}
            />
          </div>
        </>
      )}
    </section>
  );
}

/** One of the view's two lists, most first, or what it says while it is empty. */
function Ranking(props: {
  id: string;
  title: string;
  none: string;
  rows: { key: string; name: string; count: string }[];
}) {
  return (
    <section aria-labelledby={props.id}>
      <h3 id={props.id}>{props.title}</h3>
      {props.rows.length === 0 ? (
        <p className="readers__none">{props.none}</p>
      ) : (
        <ol className="readers__ranking">
          {props.rows.map((row) => (
            <li key={row.key}>
              <span className="readers__name">{row.name}</span>
              <span className="readers__count">{row.count}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

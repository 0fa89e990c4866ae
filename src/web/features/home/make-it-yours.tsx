import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import type { DemoLeft, HomeSummary } from "../../../domain/home";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { useListWrite } from "../../lib/dashboard/use-list-write";
import { useHydrated } from "../../lib/use-hydrated";
import { counted } from "../../../domain/counted";

/** '12 articles, 3 experiences, 2 education entries and the demo's settings'. */
export function demoLeftText(left: DemoLeft): string {
  const parts = [
    left.articles ? counted(left.articles, "article", "articles") : "",
    left.experiences ? counted(left.experiences, "experience", "experiences") : "",
    left.education ? counted(left.education, "education entry", "education entries") : "",
    left.settings
      ? "the settings you left as the demo's (e-mail, LinkedIn, portrait, biography, outlets)"
      : "",
  ].filter(Boolean);
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : (parts[0] ?? "");
}

function Step({ done, title, children }: { done: boolean; title: string; children: ReactNode }) {
  return (
    <li className={`checklist__step${done ? " checklist__step--done" : ""}`}>
      <span className="checklist__mark" aria-hidden="true">
        {done ? "✓" : ""}
      </span>
      <div>
        <h4 className="checklist__title">
          {title}
          <span className="visually-hidden">{done ? " (done)" : " (to do)"}</span>
        </h4>
        <p className="checklist__text">{children}</p>
      </div>
    </li>
  );
}

/**
 * 'Make it yours': the first hour's steps, each done or not by what the site holds, and 'Remove
 * the demo' (docs/product.md, The demo). On Home until every step is done.
 */
export function MakeItYours({ summary }: { summary: HomeSummary }) {
  const { checklist, demo } = summary;
  const write = useListWrite();
  const hydrated = useHydrated();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const steps = Object.values(checklist);
  const done = steps.filter(Boolean).length;

  async function removeDemo() {
    setBusy(true);
    await write("/api/demo", "DELETE", undefined, {
      done: "The demo is removed",
      failed: (error) => `Failed to remove the demo: ${error.message}`,
    });
    setBusy(false);
    setConfirming(false);
  }

  return (
    <section className="checklist" aria-labelledby="checklist-title">
      <h3 id="checklist-title" className="checklist__heading">
        Make it yours
      </h3>
      <p className="checklist__progress">
        {done} of {steps.length} done
      </p>
      <ol className="checklist__steps">
        <Step done={checklist.identity} title="Your name and what you do">
          Your name, location, tagline and professions in <Link to="settings">Settings</Link>.
        </Step>
        <Step done={checklist.contact} title="Your e-mail and where contact mail goes">
          {summary.contactTo ? (
            <>
              Contact mail goes to <strong>{summary.contactTo}</strong>
              {summary.mailConfigured ? "" : " once SMTP_URL is set; until then it waits in Messages"}.{" "}
            </>
          ) : (
            "Contact mail goes nowhere yet: messages wait in Messages. "
          )}
          Your e-mail is in <Link to="settings">Settings</Link>.
        </Step>
        <Step done={checklist.photo} title="Your photo">
          Upload your portrait under ‘Your photo’ in <Link to="settings">Settings</Link>.
        </Step>
        <Step done={checklist.links} title="Your links">
          Your LinkedIn, Mastodon, Bluesky and other accounts under ‘Your accounts’ in{" "}
          <Link to="settings">Settings</Link>.
        </Step>
        <Step done={checklist.clips} title="Your first clips">
          <Link to="clips">Import them</Link> from an author page or a feed, <Link to="clips">watch</Link>{" "}
          where you publish, or <Link to="articles">add one</Link> by its address.
        </Step>
        <Step done={checklist.demoRemoved} title="Remove the demo">
          {checklist.demoRemoved ? (
            "Nothing of the demo is left."
          ) : (
            <>
              Still here: {demoLeftText(demo)}. Your own are kept.{" "}
              <button
                type="button"
                className="button button--small"
                disabled={!hydrated}
                onClick={() => setConfirming(true)}
              >
                Remove the demo
              </button>
            </>
          )}
        </Step>
      </ol>
      <ConfirmDialog
        open={confirming}
        title="Remove the demo?"
        message={`This deletes ${demoLeftText(demo)}. What you added or changed yourself stays.`}
        confirmLabel="Remove it all"
        busy={busy}
        onConfirm={() => void removeDemo()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}

import { useEffect, useState } from "react";
import type { AccountCheck } from "../../../domain/accounts";
import { apiRequest } from "../../lib/api-client";
import { useAdminApi } from "../../lib/dashboard/use-admin-api";
import "./account-checks.css";

const CHECKS_PATH = "/api/identity/checks";

function checkedOn(iso: string): string {
  return new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });
}

/**
 * 'Check my accounts': asks each saved account whether it links back to the site (and Mastodon
 * and Bluesky what they know), then says per account what is verified and what to do about the
 * rest. The newest results are kept on the server and shown again on the next visit.
 */
export function AccountChecks({ unsaved }: { unsaved: boolean }) {
  const send = useAdminApi();
  const [checks, setChecks] = useState<AccountCheck[] | null>(null);
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState("");
  const [summary, setSummary] = useState("");
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    apiRequest<{ checks: AccountCheck[] }>(CHECKS_PATH, { signal: controller.signal })
      .then((answer) => setChecks(answer.checks))
      .catch(() => {
        if (!controller.signal.aborted) setLoadFailed(true);
      });
    return () => controller.abort();
  }, []);

  async function check() {
    setChecking(true);
    setProblem("");
    setSummary("");
    const result = await send<{ checks: AccountCheck[] }>(CHECKS_PATH, "POST");
    if (result.ok) {
      setLoadFailed(false);
      const verified = result.data.checks.filter((one) => one.linksBack).length;
      setChecks(result.data.checks);
      setSummary(
        result.data.checks.length === 0
          ? "No accounts are saved yet: add one above and save."
          : `${result.data.checks.length} checked, ${verified} verified.`,
      );
    } else if (!result.sessionExpired) setProblem(result.error.message);
    setChecking(false);
  }

  return (
    <div className="account-checks">
      <div className="account-checks__bar">
        <button
          type="button"
          className="button"
          onClick={check}
          disabled={checking}
          aria-describedby="account-checks-hint"
        >
          {checking ? "Checking…" : "Check my accounts"}
        </button>
        <p id="account-checks-hint" className="field__hint">
          {unsaved
            ? "Save first: the check asks the saved accounts."
            : "Asks each saved account whether it links back to this site."}
        </p>
      </div>
      <p className="account-checks__status" role="status">
        {summary}
      </p>
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
      {checks && checks.length > 0 ? (
        <ul className="account-checks__list" aria-label="Account checks">
          {checks.map((one) => (
            <li key={one.url} className="account-check">
              <p className="account-check__head">
                <strong>{one.label}</strong>{" "}
                <span className={`badge ${one.linksBack ? "badge--verified" : "badge--unverified"}`}>
                  {one.linksBack ? "Verified" : "Not verified"}
                </span>
              </p>
              <p className="account-check__url">
                <a href={one.url} target="_blank" rel="noopener noreferrer">
                  {one.url}
                </a>
              </p>
              <ul className="account-check__findings">
                {one.findings.map((finding, index) => (
                  <li key={index} className={finding.ok ? "finding finding--ok" : "finding finding--fail"}>
                    <span aria-hidden="true">{finding.ok ? "✓ " : "✗ "}</span>
                    {finding.says}
                    {finding.fix ? <span className="finding__fix">To fix: {finding.fix}</span> : null}
                  </li>
                ))}
              </ul>
              <p className="account-check__when">Checked {checkedOn(one.checkedAt)}</p>
            </li>
          ))}
        </ul>
      ) : checks ? (
        <p className="account-checks__empty">Not checked yet.</p>
      ) : loadFailed ? (
        <p className="account-checks__empty">The last check could not be loaded. Check again to see it.</p>
      ) : null}
    </div>
  );
}

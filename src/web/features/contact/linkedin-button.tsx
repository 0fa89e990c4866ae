import { useEffect, useRef, useState, type MouseEvent } from "react";
import { linkedInDelayMs } from "./linkedin-delay";

type Pending = { tab: Window; timer: ReturnType<typeof setTimeout>; navigate: () => void };

/**
 * Opens the owner's LinkedIn profile in a new tab after a short delay (linkedin-delay.ts). Pop-up blockers only
 * allow tabs opened during the click, so the tab opens at once (blank, cut off from this page)
 * and is sent to the profile when the delay is over. If the browser refuses even that, or
 * JavaScript is off, it is an ordinary new-tab link.
 */
export function LinkedInButton({ href, className }: { href: string; className?: string }) {
  const clickedBefore = useRef(false);
  const pending = useRef<Pending | null>(null);
  const [opening, setOpening] = useState(false);

  // Leaving the page while the tab waits: send it on now rather than leave it blank.
  useEffect(
    () => () => {
      const waiting = pending.current;
      if (!waiting) return;
      clearTimeout(waiting.timer);
      waiting.navigate();
    },
    [],
  );

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    // Modified clicks (new window, background tab…) are the browser's business.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (pending.current) {
      event.preventDefault();
      pending.current.tab.focus();
      return;
    }
    const tab = window.open("about:blank", "_blank");
    if (!tab) return; // Blocked: let the link open the profile the ordinary way.
    event.preventDefault();
    try {
      tab.opener = null;
      tab.document.title = "LinkedIn";
      tab.document.body.textContent = "Opening LinkedIn…";
    } catch {
      // Some browsers keep the blank tab out of reach; it still navigates below.
    }
    const delay = linkedInDelayMs(!clickedBefore.current, Math.random());
    clickedBefore.current = true;
    const navigate = () => {
      pending.current = null;
      if (!tab.closed) tab.location.replace(href);
    };
    const timer = setTimeout(() => {
      navigate();
      setOpening(false);
    }, delay);
    pending.current = { tab, timer, navigate };
    setOpening(true);
  }

  return (
    <>
      <a
        href={href}
        target="_blank"
        rel="me noopener noreferrer"
        className={className}
        onClick={onClick}
        aria-busy={opening || undefined}
      >
        LinkedIn<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      <span className="visually-hidden" role="status">
        {opening ? "Opening LinkedIn in a new tab…" : ""}
      </span>
    </>
  );
}

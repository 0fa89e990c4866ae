import { prefersReducedMotion } from "../../lib/reduced-motion";
import "./back-to-top.css";

/**
 * The floating button that appears after 500px of scroll and returns to the top. It rides a
 * zero-height sticky rail placed just before the footer, so it floats at the window's foot until
 * the footer scrolls in, then stays above it instead of covering it.
 */
export function BackToTop({ visible }: { visible: boolean }) {
  if (!visible) return null;
  return (
    <div className="lp-back-to-top-rail">
      <button
        type="button"
        className="lp-back-to-top"
        aria-label="Back to top"
        onClick={() => {
          window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "auto" : "smooth" });
          document.getElementById("front")?.focus({ preventScroll: true });
        }}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M12 19V5M5 12l7-7 7 7"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
    </div>
  );
}

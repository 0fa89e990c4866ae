/** The "opens in a new tab" arrow after a link's text; decorative (the link's name stays its visible text). */
export function NewTabIcon() {
  return (
    <svg
      className="viewer-newtab"
      viewBox="0 0 16 16"
      width="14"
      height="14"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M6 3h7v7M13 3 6 10M11 13H3V5" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

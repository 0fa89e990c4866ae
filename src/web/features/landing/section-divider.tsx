import "./section-divider.css";

/** A newspaper section rule with its label: 'Highlights', 'Featured Work', ... */
export function SectionDivider({ id, children }: { id: string; children: string }) {
  return (
    <div className="lp-divider">
      <h2 id={id} className="lp-divider__label">
        {children}
      </h2>
    </div>
  );
}

export default function UnknownSection() {
  return <p className="dashboard__empty">Choose a section to manage.</p>;
}

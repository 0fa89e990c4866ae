import { useRevalidator } from "react-router";

/** A section whose data could not be read at all: its failure message and a way to try again. */
export function LoadFailedNotice({ message }: { message: string }) {
  const revalidator = useRevalidator();
  return (
    <div className="load-failed">
      <p>{message}</p>
      <button
        type="button"
        className="button"
        onClick={() => void revalidator.revalidate()}
        disabled={revalidator.state === "loading"}
      >
        {revalidator.state === "loading" ? "Trying again…" : "Try again"}
      </button>
    </div>
  );
}

import { useEffect, useState } from "react";
import { useToast } from "./toasts";

/** What a dashboard section's client loader returns when re-reading its data failed. */
export type LoadFailed = { loadFailedAt: number };

/**
 * Re-reads a section's data, and when that fails (server error, network down) says so instead
 * of throwing: the section keeps showing what it had, drafts included, and toasts the failure.
 * Redirects (the session has expired) still go through.
 */
export async function loadOrFlag<T>(serverLoader: () => Promise<T>): Promise<T | LoadFailed> {
  try {
    return await serverLoader();
  } catch (error) {
    if (error instanceof Response) throw error;
    return { loadFailedAt: Date.now() };
  }
}

/**
 * The latest successfully loaded value: `undefined` (a failed re-read) keeps the previous one.
 * Still `undefined` when the very first load of the section failed.
 */
export function useLastLoaded<T>(value: T | undefined): T | undefined {
  const [last, setLast] = useState<T | undefined>(value);
  if (value !== undefined && value !== last) setLast(value);
  return value ?? last;
}

/** Toasts `message` each time a re-read fails. */
export function useLoadFailureToast(loadFailedAt: number | undefined, message: string) {
  const toast = useToast();
  useEffect(() => {
    if (loadFailedAt !== undefined) toast("error", message);
  }, [loadFailedAt, message, toast]);
}

import { useMemo, useState } from "react";

/** Report that an image started or finished loading; `token` tells loads of the same image apart. */
export type ImageProgress = { begin: (token: string) => void; end: (token: string) => void };

/** Whether any image reported as started is still loading (the footer's caching notice). */
export function useImageProgress(): [boolean, ImageProgress] {
  const [loading, setLoading] = useState<ReadonlySet<string>>(() => new Set());
  const progress = useMemo<ImageProgress>(
    () => ({
      begin: (token) => setLoading((current) => (current.has(token) ? current : new Set(current).add(token))),
      end: (token) =>
        setLoading((current) => {
          if (!current.has(token)) return current;
          const next = new Set(current);
          next.delete(token);
          return next;
        }),
    }),
    [],
  );
  return [loading.size > 0, progress];
}

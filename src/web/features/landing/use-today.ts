import { useEffect, useState } from "react";
import { formatLongEnglishToday, todayIso } from "../../../domain/dates";

export type Today = { long: string; iso: string; year: number };

function today(now: Date, timeZone?: string): Today {
  const iso = todayIso(now, timeZone);
  return { long: formatLongEnglishToday(now, timeZone), iso, year: Number(iso.slice(0, 4)) };
}

/**
 * Today's date. The server renders the day in UTC at `renderedAt` and hydration repeats exactly
 * that; then the browser switches to the visitor's own time zone.
 */
export function useToday(renderedAt: string): Today {
  const [value, setValue] = useState(() => today(new Date(renderedAt)));
  useEffect(() => {
    let zone: string | undefined;
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    } catch {
      zone = undefined;
    }
    const next = today(new Date(), zone);
    setValue((prev) => (prev.long === next.long ? prev : next));
  }, []);
  return value;
}

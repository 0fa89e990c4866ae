import { useEffect, useState } from "react";
import { type CalendarZone, formatLongEnglishToday, todayIso } from "../../../domain/dates";

export type Today = { long: string; iso: string; year: number };

function today(now: Date, zone: CalendarZone): Today {
  const iso = todayIso(now, zone);
  return { long: formatLongEnglishToday(now, zone), iso, year: Number(iso.slice(0, 4)) };
}

/**
 * Today's date. The server renders `renderedOn`, a UTC day (YYYY-MM-DD), and hydration repeats exactly
 * that; then the browser switches to the visitor's own time zone.
 */
export function useToday(renderedOn: string): Today {
  const [value, setValue] = useState(() => today(new Date(renderedOn), "UTC"));
  useEffect(() => {
    const next = today(new Date(), "local");
    setValue((prev) => (prev.long === next.long ? prev : next));
  }, []);
  return value;
}

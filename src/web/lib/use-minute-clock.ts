import { useEffect, useState } from "react";

/** The time a tab's 'Last checked 5 minutes ago' is measured from, a minute at most behind. */
export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

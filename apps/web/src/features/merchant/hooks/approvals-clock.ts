import { useEffect, useState } from "react";

/** Re-renders every `ms` so that "5 minutes ago" stays true while the page is open. */
export function useClockTick(ms = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

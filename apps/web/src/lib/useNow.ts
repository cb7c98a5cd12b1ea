import { useEffect, useState } from 'react';
import { serverNow } from '../api/serverClock';

/**
 * The current time on the server's clock (the times shown are the server's), renewed every `intervalMs`:
 * relative times ("3 minutes ago") stay true on screen.
 */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

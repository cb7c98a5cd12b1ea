import { useCallback, useEffect, useRef, useState } from 'react';
import { TOUR_POLL_MS } from '@reqloom/domain';
import { useCurrentUser } from '../user/useCurrentUser';
import { isTargetVisible } from './isTargetVisible';
import type { TourDefinition } from './tourTypes';
import { useMarkTourDone } from './useMarkTourDone';

/**
 * When a tour runs (spec 1 §4): once the preferences have loaded, if the tour is not done, as soon as its first
 * target is visible, checked every second (screens fill in after their data arrives). Stopping it, by finishing
 * or skipping, marks it done, and gives the focus back to where it was when the tour took it.
 */
export function useGuidedTour(tour: TourDefinition): { active: boolean; stop: () => void } {
  const { data: user } = useCurrentUser();
  const markDone = useMarkTourDone();
  const done = user?.preferences.tours[tour.name] === true;
  const waiting = user !== undefined && !done;
  const firstTarget = tour.steps[0].target;
  const [targetSeen, setTargetSeen] = useState(false);
  // Read before the tour's dialog takes the focus, so that stopping the tour can hand it back.
  const focusBefore = useRef<Element | null>(null);

  useEffect(() => {
    if (!waiting || targetSeen) return;
    const timer = setInterval(() => {
      if (!isTargetVisible(firstTarget)) return;
      focusBefore.current = document.activeElement;
      setTargetSeen(true);
    }, TOUR_POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, targetSeen, firstTarget]);

  const { name } = tour;
  const stop = useCallback(() => {
    markDone(name);
    const previous = focusBefore.current;
    focusBefore.current = null;
    // After the dialog has gone: it held the focus until then.
    if (previous instanceof HTMLElement && previous !== document.body) {
      setTimeout(() => {
        if (previous.isConnected) previous.focus({ preventScroll: true });
      });
    }
  }, [markDone, name]);
  return { active: waiting && targetSeen, stop };
}

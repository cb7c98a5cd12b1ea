import { useEffect, useState } from 'react';
import { useBlocker } from 'react-router';
import { isSessionActive, onSessionEnding } from '../../api/session';
import { useCurrentUser } from '../user/useCurrentUser';
import { LeaveDialog, type LeaveAnswer } from './LeaveDialog';
import {
  flushUnsavedWork,
  forgetStashUnlessOwner,
  hasUnsavedWork,
  setAskingToLeave,
  settleUnsavedWork,
  stashUnsavedDrafts,
} from './unsavedWork';

/** The editors learn of their save's answer through a render: give React that moment before asking them again. */
const afterRender = () => new Promise((resolve) => setTimeout(resolve, 100));

/**
 * Guards what editors registered (useUnsavedWork):
 * - moving to another page of the app (a link, Back, Forward) waits for saves under way, then asks whether to
 *   save, leave without saving, or stay, if anything is still unsaved;
 * - reloading or closing the tab asks through the browser's own dialog;
 * - a session that expires keeps the unsaved text for the same user, offered again after logging in.
 */
export function UnsavedWorkGuard() {
  const owner = useCurrentUser().data?.id;
  const [asking, setAsking] = useState(false);
  // Staying on the page (search or hash changes) leaves the editors mounted: nothing to ask.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && isSessionActive() && hasUnsavedWork(),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let current = true;
    // A blur may have just started a save: wait for it, and ask only if something is still unsaved after it.
    void settleUnsavedWork()
      .then(afterRender)
      .then(() => {
        if (!current) return;
        if (!hasUnsavedWork()) {
          blocker.proceed();
          return;
        }
        setAskingToLeave(true);
        setAsking(true);
      });
    return () => {
      current = false;
    };
  }, [blocker]);

  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!hasUnsavedWork()) return;
      event.preventDefault();
      // Older browsers show their dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, []);

  useEffect(() => {
    if (owner === undefined) return;
    forgetStashUnlessOwner(owner);
    return onSessionEnding((reason) => {
      if (reason === 'expired') stashUnsavedDrafts(owner);
    });
  }, [owner]);

  const answer = async (choice: LeaveAnswer) => {
    setAsking(false);
    setAskingToLeave(false);
    if (blocker.state !== 'blocked') return;
    if (choice === 'stay') return blocker.reset();
    if (choice === 'discard') return blocker.proceed();
    await flushUnsavedWork();
    await afterRender();
    // A save that failed keeps the person here, with its message and their text.
    if (hasUnsavedWork()) blocker.reset();
    else blocker.proceed();
  };

  return <LeaveDialog opened={asking} onAnswer={(choice) => void answer(choice)} />;
}

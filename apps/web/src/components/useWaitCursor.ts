import { useEffect } from 'react';

const WAITING_CLASS = 'reqloom-waiting';

/**
 * Shows the wait cursor over the whole page while `waiting` (spec 1 §2: entering a project). A class on the root
 * element rather than the body's style, so that buttons and links, which set their own cursor, show it too.
 */
export function useWaitCursor(waiting: boolean): void {
  useEffect(() => {
    if (!waiting) return;
    const root = document.documentElement;
    if (!document.getElementById(WAITING_CLASS)) {
      const style = document.createElement('style');
      style.id = WAITING_CLASS;
      style.textContent = `html.${WAITING_CLASS}, html.${WAITING_CLASS} * { cursor: wait !important; }`;
      document.head.append(style);
    }
    root.classList.add(WAITING_CLASS);
    return () => root.classList.remove(WAITING_CLASS);
  }, [waiting]);
}

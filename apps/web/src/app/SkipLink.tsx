import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './AppLayout.module.css';

/** The id of the page's `main`, where the skip link sends the focus. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to main content" (WCAG 2.4.1): the first stop of the keyboard on every page, out of sight until it has
 * the focus. It moves the focus itself rather than letting the browser follow the #fragment: the router would
 * count the changed address as a navigation.
 */
export function SkipLink() {
  const { t } = useTranslation();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView({ block: 'start' });
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink} onClick={skip}>
      {t('app.skipToContent')}
    </a>
  );
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab's title to "<title> · Reqloom" while the screen is shown, and back to "Reqloom" after. */
export function usePageTitle(title: string): void {
  const { t } = useTranslation();
  const full = t('app.pageTitle', { title });
  const fallback = t('app.name');
  useEffect(() => {
    document.title = full;
    return () => {
      document.title = fallback;
    };
  }, [full, fallback]);
}

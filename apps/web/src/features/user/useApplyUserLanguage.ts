import { useEffect } from 'react';
import { currentLanguage, setLanguage } from '../../i18n/i18n';
import { useCurrentUser } from './useCurrentUser';

/** Once the user is loaded (and whenever their preference changes), the interface speaks their language. */
export function useApplyUserLanguage(): void {
  const lang = useCurrentUser().data?.preferences.lang;
  useEffect(() => {
    if (lang && lang !== currentLanguage()) void setLanguage(lang);
  }, [lang]);
}

import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UserPresented } from '@reqloom/domain';
import { queryKeys } from '../../api/queryKeys';
import { currentLanguage, setLanguage } from '../../i18n/i18n';
import { takePickedLanguage } from '../../i18n/language';
import { useCurrentUser } from './useCurrentUser';
import { updatePreferences } from './userApi';

/**
 * Once the user is loaded (and whenever their preference changes), the interface speaks their language; a
 * language they picked on the login or registration page first becomes their account's.
 */
export function useApplyUserLanguage(): void {
  const queryClient = useQueryClient();
  const lang = useCurrentUser().data?.preferences.lang;
  useEffect(() => {
    if (!lang) return;
    const picked = takePickedLanguage();
    if (picked && picked !== lang) {
      queryClient.setQueryData<UserPresented>(
        queryKeys.user,
        (user) => user && { ...user, preferences: { ...user.preferences, lang: picked } },
      );
      updatePreferences({ lang: picked }).then(
        (preferences) =>
          queryClient.setQueryData<UserPresented>(queryKeys.user, (user) => user && { ...user, preferences }),
        (error: unknown) => console.error('The language could not be saved', error),
      );
      if (picked !== currentLanguage()) void setLanguage(picked);
      return;
    }
    if (lang !== currentLanguage()) void setLanguage(lang);
  }, [lang, queryClient]);
}

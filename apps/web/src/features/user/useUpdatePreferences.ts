import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PreferencesPatch, UserPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/queryKeys';
import { notifyError, notifySuccess } from '../../components/notify';
import { mergePreferences } from './mergePreferences';
import { updatePreferences } from './userApi';

interface Variables {
  patch: PreferencesPatch;
  /** The toast to show once saved; the generic "saved" one when absent. */
  confirmation?: string;
}

/** Saves a preference change; the screen shows it at once and goes back if the server refuses it. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ patch }: Variables) => updatePreferences(patch),
    onMutate: async ({ patch }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.user });
      const previous = queryClient.getQueryData<UserPresented>(queryKeys.user);
      if (previous) {
        queryClient.setQueryData<UserPresented>(queryKeys.user, {
          ...previous,
          preferences: mergePreferences(previous.preferences, patch),
        });
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.user, context.previous);
      notifyError(t('user.preferences.saveFailed'), t('errors.failed'));
    },
    onSuccess: (preferences, { confirmation }) => {
      queryClient.setQueryData<UserPresented>(queryKeys.user, (user) => user && { ...user, preferences });
      notifySuccess(confirmation ?? t('user.preferences.saved'));
    },
  });
}

import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_SYNAEPTIC_SETTINGS, type SynaepticSettings, type UserPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/queryKeys';
import { notifyError } from '../../components/notify';
import { mergePreferences } from '../user/mergePreferences';
import { useCurrentUser } from '../user/useCurrentUser';
import { updatePreferences } from '../user/userApi';

/** A run of zoom steps is saved once, this long after the last one. */
const SAVE_DELAY_MS = 600;

/**
 * The map's settings from the user's preferences (`preferences.synaeptic`, decisions §18). A change shows at once
 * (the user cache is written) and is saved shortly after, several changes in one call, without a toast: a zoom
 * step is not news. A refused save says so and reloads the preferences as the server has them.
 */
export function useSynaepticSettings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useCurrentUser().data?.preferences.synaeptic ?? DEFAULT_SYNAEPTIC_SETTINGS;
  const pending = useRef<Partial<SynaepticSettings>>({});
  const timer = useRef<number | undefined>(undefined);

  const save = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    const patch = pending.current;
    pending.current = {};
    if (Object.keys(patch).length === 0) return;
    updatePreferences({ synaeptic: patch }).catch(() => {
      notifyError(t('user.preferences.saveFailed'), t('errors.failed'));
      void queryClient.invalidateQueries({ queryKey: queryKeys.user });
    });
  }, [queryClient, t]);

  const update = useCallback(
    (patch: Partial<SynaepticSettings>) => {
      queryClient.setQueryData<UserPresented>(
        queryKeys.user,
        (user) => user && { ...user, preferences: mergePreferences(user.preferences, { synaeptic: patch }) },
      );
      pending.current = { ...pending.current, ...patch };
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(save, SAVE_DELAY_MS);
    },
    [queryClient, save],
  );

  // Leaving the map saves what is still waiting.
  useEffect(() => save, [save]);
  return [settings, update] as const;
}

import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UserPresented } from '@reqloom/domain';
import { queryKeys } from '../../api/queryKeys';
import { updatePreferences } from '../user/userApi';

/**
 * Marks a tour done in the preferences (spec 1 §4). The cached user changes at once so that the tour does not come
 * back while the answer is on its way; a failure is only logged (spec 1 §8): at worst the tour shows once more.
 */
export function useMarkTourDone(): (name: string) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (name: string) => {
      queryClient.setQueryData<UserPresented>(
        queryKeys.user,
        (user) =>
          user && { ...user, preferences: { ...user.preferences, tours: { ...user.preferences.tours, [name]: true } } },
      );
      updatePreferences({ tours: { [name]: true } }).then(
        (preferences) =>
          queryClient.setQueryData<UserPresented>(queryKeys.user, (user) => user && { ...user, preferences }),
        (error: unknown) => console.error('The tour could not be marked done', error),
      );
    },
    [queryClient],
  );
}

import { DEFAULT_PREFERENCES } from '@reqloom/domain';
import { useCurrentUser } from '../../user/useCurrentUser';

/** The preferences the working area follows (spec 2 §3), with their defaults while the user loads. */
export function useWorkingAreaPreferences() {
  const preferences = useCurrentUser().data?.preferences ?? DEFAULT_PREFERENCES;
  return {
    categoryNumbering: preferences.categoryNumbering,
    autoNaming: preferences.autoNaming,
    documentOrder: preferences.documentOrder,
  };
}

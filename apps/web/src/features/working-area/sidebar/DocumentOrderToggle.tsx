import { ActionIcon, Tooltip } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { DocumentOrder, UserPresented } from '@reqloom/domain';
import { IconHierarchy2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../../api/queryKeys';
import { notifyError } from '../../../components/notify';
import { mergePreferences } from '../../user/mergePreferences';
import { updatePreferences } from '../../user/userApi';

/**
 * The side bar's order (issue 31), a toggle between by name and by traceability, kept as the user's preference
 * (`preferences.documentOrder`): shown at once and saved without a toast, as the synaeptic map's settings are; a
 * refused save says so and reloads the preferences as the server has them.
 */
export function DocumentOrderToggle({ order }: { order: DocumentOrder }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const byTraceability = order === 'traceability';
  const toggle = () => {
    const next: DocumentOrder = byTraceability ? 'name' : 'traceability';
    queryClient.setQueryData<UserPresented>(
      queryKeys.user,
      (user) => user && { ...user, preferences: mergePreferences(user.preferences, { documentOrder: next }) },
    );
    updatePreferences({ documentOrder: next }).catch(() => {
      notifyError(t('user.preferences.saveFailed'), t('errors.failed'));
      void queryClient.invalidateQueries({ queryKey: queryKeys.user });
    });
  };
  return (
    <Tooltip label={t(byTraceability ? 'documents.order.byTraceability' : 'documents.order.byName')}>
      <ActionIcon
        variant={byTraceability ? 'light' : 'subtle'}
        size="sm"
        aria-label={t('documents.order.traceability')}
        aria-pressed={byTraceability}
        onClick={toggle}
      >
        <IconHierarchy2 size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

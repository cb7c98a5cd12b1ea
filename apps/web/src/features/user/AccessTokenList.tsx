import { useState } from 'react';
import { ActionIcon, Button, Group, Modal, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconTrash } from '@tabler/icons-react';
import type { AccessTokenPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/queryKeys';
import { errorMessage } from '../../components/errorMessage';
import { FormAlert } from '../../components/FormAlert';
import { notifyError, notifySuccess } from '../../components/notify';
import { ScreenLoader } from '../../components/ScreenLoader';
import { SettingsSection } from '../../components/SettingsSection';
import { fetchTokens, revokeToken } from './userApi';
import { useFormatDateTime } from './useFormatDateTime';

export function AccessTokenList() {
  const { t } = useTranslation();
  const format = useFormatDateTime();
  const queryClient = useQueryClient();
  const [revoking, setRevoking] = useState<AccessTokenPresented | null>(null);
  const tokens = useQuery({ queryKey: queryKeys.userTokens, queryFn: fetchTokens });
  const revoke = useMutation({
    mutationFn: (token: AccessTokenPresented) => revokeToken(token.id),
    onSuccess: () => {
      setRevoking(null);
      notifySuccess(t('user.applications.revoked'));
    },
    onError: (error) => notifyError(errorMessage(error, t), t('errors.failed')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.userTokens }),
  });

  let content;
  if (tokens.error) content = <FormAlert message={errorMessage(tokens.error, t)} />;
  else if (!tokens.data) content = <ScreenLoader />;
  else if (tokens.data.length === 0)
    content = (
      <Text c="dimmed" fz="sm">
        {t('user.applications.noTokens')}
      </Text>
    );
  else {
    content = (
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('user.applications.name')}</Table.Th>
              <Table.Th>{t('user.applications.createdAt')}</Table.Th>
              <Table.Th>{t('user.applications.lastUsedAt')}</Table.Th>
              <Table.Th w={60}>
                <VisuallyHidden>{t('user.applications.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tokens.data.map((token) => (
              <Table.Tr key={token.id}>
                <Table.Td fw={500}>{token.name}</Table.Td>
                <Table.Td c="dimmed">{format(token.created_at)}</Table.Td>
                <Table.Td c="dimmed">
                  {token.last_used_at ? format(token.last_used_at) : t('user.applications.neverUsed')}
                </Table.Td>
                <Table.Td>
                  <Tooltip label={t('user.applications.revoke')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('user.applications.revokeLabel', { name: token.name })}
                      onClick={() => setRevoking(token)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <SettingsSection title={t('user.applications.tokens')}>
      {content}
      <Modal
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        title={t('user.applications.revokeTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        centered
      >
        <Text fz="sm">{t('user.applications.revokeText', { name: revoking?.name ?? '' })}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setRevoking(null)}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={revoke.isPending} onClick={() => revoking && revoke.mutate(revoking)}>
            {t('user.applications.revoke')}
          </Button>
        </Group>
      </Modal>
    </SettingsSection>
  );
}

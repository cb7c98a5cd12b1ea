import { Avatar, Group, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { initials } from '@reqloom/domain';
import { avatarInitials } from '../../../../lib/avatarInitials';
import type { ConnectedUser } from './collaborationStatus';

/** The people editing this description now (spec 2 "connected users"), each in the colour of their caret. */
export function ConnectedUsers({ users }: { users: ConnectedUser[] }) {
  const { t } = useTranslation();
  if (users.length === 0) return null;
  return (
    <Group gap={6} wrap="wrap" justify="flex-end" role="list" aria-label={t('editor.connectedUsers')}>
      {users.map((user) => {
        const name = user.name ?? t('editor.unknownUser');
        return (
          <Tooltip key={user.key} label={name} withArrow>
            <Group gap={4} wrap="nowrap" role="listitem" aria-label={name}>
              <Avatar
                size={22}
                radius="xl"
                styles={{ placeholder: { backgroundColor: user.color, color: '#fff', border: 0 } }}
                aria-hidden
              >
                {avatarInitials(initials(name)) || '?'}
              </Avatar>
              <Text fz="xs" c="dimmed" maw={160} truncate="end" aria-hidden>
                {name}
              </Text>
            </Group>
          </Tooltip>
        );
      })}
    </Group>
  );
}

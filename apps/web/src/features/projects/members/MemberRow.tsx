import { useState } from 'react';
import { ActionIcon, Avatar, Badge, Button, Group, NativeSelect, Stack, Text, Tooltip } from '@mantine/core';
import { IconDoorExit, IconUserMinus } from '@tabler/icons-react';
import { PROJECT_ROLES, type ProjectMemberPresented, type ProjectRole } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { avatarInitials } from '../../../lib/avatarInitials';
import { InlineConfirmation } from './InlineConfirmation';

interface MemberRowProps {
  member: ProjectMemberPresented;
  /** The caller is a maintainer: a role menu and a remove button on every other row. */
  canManage: boolean;
  /** The row is the caller's own: it may leave. */
  isSelf: boolean;
  busy: boolean;
  onRole: (role: ProjectRole) => void;
  onRemove: () => void;
  onLeave: () => void;
}

/** One member of the Members card: who, their role, and what the caller may do about them (decisions §20). */
export function MemberRow({ member, canManage, isSelf, busy, onRole, onRemove, onLeave }: MemberRowProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const { name } = member.user;
  return (
    <Stack component="li" gap="xs">
      <Group gap="sm" wrap="nowrap">
        <Avatar color="initials" name={name} radius="xl" size={34} aria-hidden="true">
          {avatarInitials(member.user.initials)}
        </Avatar>
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text fz="sm" fw={500} truncate>
            {isSelf ? t('members.you', { name }) : name}
          </Text>
          <Text fz="xs" c="dimmed" truncate>
            @{member.user.username}
          </Text>
        </div>
        {canManage ? (
          <NativeSelect
            size="xs"
            w={140}
            aria-label={t('members.roleOf', { name })}
            data={PROJECT_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
            value={member.role}
            disabled={busy}
            onChange={(event) => onRole(event.currentTarget.value as ProjectRole)}
          />
        ) : (
          <Badge variant="light" color="gray" radius="sm">
            {t(`roles.${member.role}`)}
          </Badge>
        )}
        {isSelf ? (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconDoorExit size={14} />}
            onClick={() => setConfirming(true)}
            disabled={confirming}
          >
            {t('members.leave')}
          </Button>
        ) : canManage ? (
          <Tooltip label={t('members.removeOf', { name })} withinPortal>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('members.removeOf', { name })}
              onClick={() => setConfirming(true)}
              disabled={confirming}
            >
              <IconUserMinus size={16} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
      {confirming ? (
        <InlineConfirmation
          warning={isSelf ? t('members.leaveWarning') : t('members.removeWarning', { name })}
          confirmLabel={isSelf ? t('members.leaveConfirm') : t('members.removeConfirm', { name })}
          loading={busy}
          onConfirm={() => {
            if (isSelf) onLeave();
            else onRemove();
            setConfirming(false);
          }}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </Stack>
  );
}

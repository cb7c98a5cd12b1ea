import { Loader, Stack, Text } from '@mantine/core';
import { roleAtLeast, type ProjectPresented, type ProjectSettings } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/errorMessage';
import { FormAlert } from '../../../components/FormAlert';
import { useCurrentUser } from '../../user/useCurrentUser';
import { JoinLinkCard } from './JoinLinkCard';
import { MemberRow } from './MemberRow';
import { useMemberActions } from './useMemberActions';
import { useProjectMembers } from './useProjectMembers';

interface MembersCardProps {
  project: ProjectPresented;
  settings: ProjectSettings;
}

/**
 * The project's members and their roles (decisions §20). Every member sees the list and may leave; a maintainer
 * also changes roles, removes members and manages the join link.
 */
export function MembersCard({ project, settings }: MembersCardProps) {
  const { t } = useTranslation();
  const canManage = roleAtLeast(project.my_role, 'maintainer');
  const { data: user } = useCurrentUser();
  const members = useProjectMembers(project.id);
  const { alert, changeRole, remove, leave } = useMemberActions(project);
  const busy = changeRole.isPending || remove.isPending || leave.isPending;

  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        {t('members.myRole', { role: t(`roles.${project.my_role}`) })}
      </Text>
      <FormAlert message={alert ?? (members.error ? errorMessage(members.error, t) : null)} />
      {members.isPending ? (
        <Loader size="sm" aria-label={t('members.loading')} />
      ) : (
        <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('members.title')}>
          {(members.data ?? []).map((member) => (
            <MemberRow
              key={member.user.id}
              member={member}
              canManage={canManage}
              isSelf={member.user.id === user?.id}
              busy={busy}
              onRole={(role) => changeRole.mutate({ member, role })}
              onRemove={() => remove.mutate(member)}
              onLeave={() => leave.mutate(member.user.id)}
            />
          ))}
        </Stack>
      )}
      {canManage ? <JoinLinkCard project={project} settings={settings} /> : null}
    </Stack>
  );
}

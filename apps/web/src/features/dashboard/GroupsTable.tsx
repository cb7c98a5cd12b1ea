import { Text } from '@mantine/core';
import { IconFolderPlus } from '@tabler/icons-react';
import type { GroupPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { groupJoinLink } from '../join/joinLinks';
import { DashboardTable } from './DashboardTable';
import { sortGroups } from './sortByName';

interface GroupsTableProps {
  groups: readonly GroupPresented[];
}

/** My groups (spec 1 §2): name and description, counts, copy the join link, create a project in the group. */
export function GroupsTable({ groups }: GroupsTableProps) {
  const { t } = useTranslation();
  return (
    <DashboardTable
      labelledBy="my-groups-heading"
      minWidth={480}
      nameLabel={t('dashboard.groups.name')}
      countColumns={[
        { label: t('dashboard.groups.members'), width: 120 },
        { label: t('dashboard.groups.projects'), width: 120 },
      ]}
      rows={sortGroups(groups).map((group) => ({
        id: group.id,
        title: (
          <Text fw={600} c="dark.8" style={{ overflowWrap: 'anywhere' }}>
            {group.name}
          </Text>
        ),
        description: group.description,
        counts: [group.members_count, group.owned_projects_count],
        joinLink: groupJoinLink(group, window.location.origin),
        copyLabel: t('dashboard.groups.copyJoinLink', { name: group.name }),
        action: {
          tooltip: t('dashboard.groups.newProject'),
          label: t('dashboard.groups.newProjectIn', { name: group.name }),
          to: `/projects/new?group_id=${group.id}`,
          icon: <IconFolderPlus size={18} stroke={1.7} />,
        },
      }))}
    />
  );
}

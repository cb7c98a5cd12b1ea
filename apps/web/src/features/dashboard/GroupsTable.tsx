import { ActionIcon, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconFolderPlus } from '@tabler/icons-react';
import type { GroupPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import { plainText } from '../../components/plainText';
import { groupJoinLink } from '../join/joinLinks';
import { sortGroups } from './sortByName';

interface GroupsTableProps {
  groups: readonly GroupPresented[];
}

/** My groups (spec 1 §2): name and description, counts, copy the join link, create a project in the group. */
export function GroupsTable({ groups }: GroupsTableProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table
        layout="fixed"
        verticalSpacing="sm"
        horizontalSpacing="lg"
        highlightOnHover
        aria-labelledby="my-groups-heading"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('dashboard.groups.name')}</Table.Th>
            <Table.Th ta="right" w={96}>
              {t('dashboard.groups.members')}
            </Table.Th>
            <Table.Th ta="right" w={96}>
              {t('dashboard.groups.projects')}
            </Table.Th>
            <Table.Th w={92}>
              <VisuallyHidden>{t('dashboard.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sortGroups(groups).map((group) => {
            const description = plainText(group.description);
            return (
              <Table.Tr key={group.id}>
                <Table.Td>
                  <Text fw={600} c="dark.8" truncate>
                    {group.name}
                  </Text>
                  <Text fz="sm" c={description ? 'dimmed' : 'gray.5'} truncate mt={2}>
                    {description || t('dashboard.noDescription')}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" fz="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {group.members_count}
                </Table.Td>
                <Table.Td ta="right" fz="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {group.owned_projects_count}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <CopyLinkButton
                      link={groupJoinLink(group, window.location.origin)}
                      label={t('dashboard.groups.copyJoinLink', { name: group.name })}
                    />
                    <Tooltip label={t('dashboard.groups.newProject')}>
                      <ActionIcon
                        component={Link}
                        to={`/projects/new?group_id=${group.id}`}
                        variant="subtle"
                        color="gray"
                        aria-label={t('dashboard.groups.newProjectIn', { name: group.name })}
                      >
                        <IconFolderPlus size={18} stroke={1.7} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

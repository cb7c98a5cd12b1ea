import { ActionIcon, Anchor, Badge, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import type { ProjectPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import { plainText } from '../../components/plainText';
import { projectJoinLink } from '../join/joinLinks';
import { projectPath } from '../projects/projectPaths';
import { sortProjects } from './sortByName';

interface ProjectsTableProps {
  projects: readonly ProjectPresented[];
}

/** My projects (spec 1 §2): owner / name with the description below, counts, copy the join link, settings. */
export function ProjectsTable({ projects }: ProjectsTableProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table
        layout="fixed"
        verticalSpacing="sm"
        horizontalSpacing="lg"
        highlightOnHover
        aria-labelledby="my-projects-heading"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('dashboard.projects.name')}</Table.Th>
            <Table.Th ta="right" w={96}>
              {t('dashboard.projects.members')}
            </Table.Th>
            <Table.Th ta="right" w={112}>
              {t('dashboard.projects.documents')}
            </Table.Th>
            <Table.Th w={92}>
              <VisuallyHidden>{t('dashboard.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sortProjects(projects).map((project) => {
            const description = plainText(project.description);
            return (
              <Table.Tr key={project.id}>
                <Table.Td>
                  <Group gap={8} wrap="nowrap">
                    <Anchor
                      component={Link}
                      to={projectPath(project.namespace, project.slug)}
                      fw={600}
                      c="dark.8"
                      truncate
                    >
                      <Text span inherit c="dimmed" fw={500}>
                        {project.owner.name} /{' '}
                      </Text>
                      {project.name}
                    </Anchor>
                    <Badge variant="light" radius="sm" size="sm" style={{ flexShrink: 0 }}>
                      {project.acronym}
                    </Badge>
                  </Group>
                  <Text fz="sm" c={description ? 'dimmed' : 'gray.5'} truncate mt={2}>
                    {description || t('dashboard.noDescription')}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" fz="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {project.members_count}
                </Table.Td>
                <Table.Td ta="right" fz="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {project.documents_count}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <CopyLinkButton
                      link={projectJoinLink(project, window.location.origin)}
                      label={t('dashboard.projects.copyJoinLink', { name: project.name })}
                    />
                    <Tooltip label={t('dashboard.projects.settings')}>
                      <ActionIcon
                        component={Link}
                        to={projectPath(project.namespace, project.slug, 'settings')}
                        variant="subtle"
                        color="gray"
                        aria-label={t('dashboard.projects.edit', { name: project.name })}
                      >
                        <IconSettings size={18} stroke={1.7} />
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

import { Anchor, Badge, Group, Text } from '@mantine/core';
import { IconSettings, IconUsers } from '@tabler/icons-react';
import { roleAtLeast, type ProjectPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { projectJoinLink } from '../join/joinLinks';
import { projectPath } from '../projects/projectPaths';
import { DashboardTable } from './DashboardTable';
import { sortProjects } from './sortByName';

interface ProjectsTableProps {
  projects: readonly ProjectPresented[];
}

/** My projects (spec 1 §2): owner / name with the description below, counts, copy the join link, settings. */
export function ProjectsTable({ projects }: ProjectsTableProps) {
  const { t } = useTranslation();
  return (
    <DashboardTable
      labelledBy="my-projects-heading"
      minWidth={520}
      nameLabel={t('dashboard.projects.name')}
      countColumns={[
        { label: t('dashboard.projects.members'), width: 120 },
        { label: t('dashboard.projects.documents'), width: 128 },
      ]}
      rows={sortProjects(projects).map((project) => ({
        id: project.id,
        title: (
          <Group gap={8} wrap="nowrap">
            <Anchor
              component={Link}
              to={projectPath(project.namespace, project.slug)}
              fw={600}
              c="dark.8"
              style={{ overflowWrap: 'anywhere' }}
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
        ),
        description: project.description,
        counts: [project.members_count, project.documents_count],
        // Only a maintainer hands the join link out (decisions §20).
        joinLink: roleAtLeast(project.my_role, 'maintainer')
          ? projectJoinLink(project, window.location.origin)
          : undefined,
        copyLabel: t('dashboard.projects.copyJoinLink', { name: project.name }),
        // A maintainer's settings; for any other member the same page holds the members alone (decisions §20).
        action: roleAtLeast(project.my_role, 'maintainer')
          ? {
              tooltip: t('dashboard.projects.settings'),
              label: t('dashboard.projects.edit', { name: project.name }),
              to: projectPath(project.namespace, project.slug, 'settings'),
              icon: <IconSettings size={18} stroke={1.7} />,
            }
          : {
              tooltip: t('dashboard.projects.members'),
              label: t('members.ofProject', { name: project.name }),
              to: projectPath(project.namespace, project.slug, 'settings'),
              icon: <IconUsers size={18} stroke={1.7} />,
            },
      }))}
    />
  );
}

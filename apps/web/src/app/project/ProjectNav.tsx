import { Box, NavLink } from '@mantine/core';
import { IconHome, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StructureSidebar } from '../../features/working-area-screens/StructureSidebar';
import { isDetailedPath, projectPath } from '../../features/projects/projectPaths';
import { useProject } from '../../features/projects/useProject';

interface ProjectNavProps {
  subPath: string;
}

const navLinkStyle = { borderRadius: 'var(--mantine-radius-sm)' };

/** The side bar outside the settings: the overview, the structure tree in the detailed views, the settings. */
export function ProjectNav({ subPath }: ProjectNavProps) {
  const { t } = useTranslation();
  const { project } = useProject();
  const onOverview = subPath === '';
  return (
    <>
      <NavLink
        component={Link}
        to={projectPath(project.namespace, project.slug)}
        label={t('project.nav.overview')}
        leftSection={<IconHome size={18} stroke={1.6} />}
        active={onOverview}
        aria-current={onOverview ? 'page' : undefined}
        style={navLinkStyle}
      />
      {isDetailedPath(subPath) ? <StructureSidebar /> : null}
      <Box style={{ flex: 1 }} />
      <NavLink
        component={Link}
        to={projectPath(project.namespace, project.slug, 'settings')}
        label={t('project.nav.settings')}
        leftSection={<IconSettings size={18} stroke={1.6} />}
        style={navLinkStyle}
        data-tour="project-settings-link"
      />
    </>
  );
}

import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isSettingsPath, projectPath } from '../../features/projects/projectPaths';
import { ProjectNav } from './ProjectNav';
import { ProjectSettingsNav } from '../../features/projects/ProjectSettingsNav';
import { useProject } from '../../features/projects/useProject';
import classes from './ProjectShell.module.css';

interface ProjectSidebarProps {
  /** The path inside the project, which decides what the side bar shows. */
  subPath: string;
}

/** The project's side bar (spec 2 §2): its name, then the project's navigation or, in the settings, theirs. */
export function ProjectSidebar({ subPath }: ProjectSidebarProps) {
  const { t } = useTranslation();
  const { project } = useProject();
  const inSettings = isSettingsPath(subPath);
  return (
    <div className={classes.sidebarColumn}>
      <nav className={classes.sidebar} aria-label={t('project.nav.label')} data-tour="project-sidebar">
        <UnstyledButton
          component={Link}
          to={projectPath(project.namespace, project.slug)}
          px="md"
          py="md"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
          aria-label={t('project.nav.home', { name: project.name })}
        >
          <Group gap="sm" wrap="nowrap">
            <Avatar color="brand" variant="light" radius="md" size={40} fz={13} fw={700}>
              {project.acronym.slice(0, 3)}
            </Avatar>
            <div style={{ minWidth: 0 }}>
              <Text fw={650} fz="sm" c="dark.8" style={{ overflowWrap: 'anywhere' }}>
                {project.name}
              </Text>
              <Text fz="xs" c="dimmed" truncate>
                {project.owner.name}
              </Text>
            </div>
          </Group>
        </UnstyledButton>
        <div className={classes.sidebarBody}>
          {/* Keyed by mode, so that entering or leaving the settings fades the new content in. */}
          <div key={inSettings ? 'settings' : 'project'} className={classes.fade}>
            {inSettings ? <ProjectSettingsNav /> : <ProjectNav subPath={subPath} />}
          </div>
        </div>
      </nav>
    </div>
  );
}

import { Box, NavLink } from '@mantine/core';
import {
  IconChecklist,
  IconHistory,
  IconHome,
  IconSettings,
  IconStack2,
  IconTable,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StructureSidebar } from '../../features/working-area-screens/StructureSidebar';
import { SUSPECT_LINKS_PATH, SuspectLinksNavLink } from '../../features/suspect-links/SuspectLinksNavLink';
import { isDetailedPath, projectPath } from '../../features/projects/projectPaths';
import { useCan } from '../../features/projects/useCan';
import { useProject } from '../../features/projects/useProject';

interface ProjectNavProps {
  subPath: string;
}

const navLinkStyle = { borderRadius: 'var(--mantine-radius-sm)' };

/**
 * The side bar outside the settings: the overview, the structure tree in the detailed views, the suspect links with
 * their count, the traceability matrix (decisions §24), the baselines (every member: decisions §22) and the reviews (every member: decisions §23), the history (editors and up, who may read the audit trail: decisions §21), the settings (for a member below maintainer, who changes none
 * of them, the members: decisions §20).
 */
export function ProjectNav({ subPath }: ProjectNavProps) {
  const { t } = useTranslation();
  const { project } = useProject();
  const onOverview = subPath === '';
  const maintainer = useCan('maintainer');
  const editor = useCan('editor');
  const onHistory = subPath === 'history';
  const onBaselines = /^baselines(\/|$)/.test(subPath);
  const onReviews = /^reviews(\/|$)/.test(subPath);
  const onMatrix = subPath === 'matrix';
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
      <SuspectLinksNavLink active={subPath === SUSPECT_LINKS_PATH} style={navLinkStyle} />
      <NavLink
        component={Link}
        to={projectPath(project.namespace, project.slug, 'matrix')}
        label={t('matrix.title')}
        leftSection={<IconTable size={18} stroke={1.6} />}
        active={onMatrix}
        aria-current={onMatrix ? 'page' : undefined}
        style={navLinkStyle}
      />
      <NavLink
        component={Link}
        to={projectPath(project.namespace, project.slug, 'baselines')}
        label={t('baselines.title')}
        leftSection={<IconStack2 size={18} stroke={1.6} />}
        active={onBaselines}
        aria-current={onBaselines ? 'page' : undefined}
        style={navLinkStyle}
      />
      <NavLink
        component={Link}
        to={projectPath(project.namespace, project.slug, 'reviews')}
        label={t('reviews.title')}
        leftSection={<IconChecklist size={18} stroke={1.6} />}
        active={onReviews}
        aria-current={onReviews ? 'page' : undefined}
        style={navLinkStyle}
      />
      {editor ? (
        <NavLink
          component={Link}
          to={projectPath(project.namespace, project.slug, 'history')}
          label={t('history.title')}
          leftSection={<IconHistory size={18} stroke={1.6} />}
          active={onHistory}
          aria-current={onHistory ? 'page' : undefined}
          style={navLinkStyle}
        />
      ) : null}
      <NavLink
        component={Link}
        to={projectPath(project.namespace, project.slug, 'settings')}
        label={maintainer ? t('project.nav.settings') : t('members.title')}
        leftSection={maintainer ? <IconSettings size={18} stroke={1.6} /> : <IconUsers size={18} stroke={1.6} />}
        style={navLinkStyle}
        data-tour="project-settings-link"
      />
    </>
  );
}

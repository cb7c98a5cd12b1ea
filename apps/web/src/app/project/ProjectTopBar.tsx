import { Group, SegmentedControl } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import classes from '../TopBar.module.css';
import { useLatestMatch } from '../useLatestMatch';
import { queryKeys } from '../../api/queryKeys';
import { ProjectSearch } from '../../features/search/ProjectSearch';
import { pathInView, projectLocationFrom, type ViewType } from '../../features/projects/projectLocation';
import { fetchProjectByPath } from '../../features/projects/projectsApi';
import { projectPath } from '../../features/projects/projectPaths';
import { prefetchProjectAddress } from './useProjectPrefetch';

const PROJECT_ROUTE = '/project/:projectNamespace/:projectSlug/*';

/**
 * The top bar's part inside a project (spec 1 §2): the project search box and the toggle between the detailed and
 * synaeptic views of the same element. The project comes from the shell's own query (same key, already loaded).
 * Both read the address the router is going to, not the one React has rendered yet: a click on the toggle while
 * the previous click's screen was still rendering met the old view checked, and changed nothing.
 */
export function ProjectTopBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const match = useLatestMatch(PROJECT_ROUTE);
  const { projectNamespace = '', projectSlug = '', '*': subPath = '' } = match?.params ?? {};
  const project = useQuery({
    queryKey: queryKeys.projectByPath(projectNamespace, projectSlug),
    queryFn: () => fetchProjectByPath(projectNamespace, projectSlug),
    enabled: match !== null,
  });
  if (!match) return null;
  const location = projectLocationFrom(subPath);
  return (
    <Group className={classes.gaps} wrap="nowrap" justify="flex-end" style={{ flex: 1, minWidth: 0 }}>
      {project.data ? (
        <ProjectSearch
          key={project.data.id}
          projectId={project.data.id}
          namespace={projectNamespace}
          slug={projectSlug}
        />
      ) : null}
      <SegmentedControl
        size="sm"
        aria-label={t('project.views.label')}
        data-tour="project-view-toggle"
        value={location.viewType}
        onChange={(viewType: ViewType) => {
          if (viewType === location.viewType) return;
          const next = pathInView(location, viewType);
          // The next view's reads leave now, not once the router has rendered its screen (useProjectPrefetch).
          if (project.data) prefetchProjectAddress(client, project.data.id, next);
          void navigate(projectPath(projectNamespace, projectSlug, next));
        }}
        data={[
          { value: 'detailed', label: t('project.views.detailed') },
          { value: 'synaeptic', label: t('project.views.synaeptic') },
        ]}
      />
    </Group>
  );
}

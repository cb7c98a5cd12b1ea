import { Box, Group, SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMatch, useNavigate } from 'react-router';
import { pathInView, projectLocationFrom, type ViewType } from './projectLocation';
import { projectPath } from './projectPaths';

const PROJECT_ROUTE = '/project/:projectNamespace/:projectSlug/*';

/**
 * The top bar's part inside a project (spec 1 §2): the project search box, which a later change brings (its room is
 * kept), and the toggle between the detailed and synaeptic views of the same element.
 */
export function ProjectTopBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const match = useMatch(PROJECT_ROUTE);
  if (!match) return null;
  const { projectNamespace = '', projectSlug = '', '*': subPath = '' } = match.params;
  const location = projectLocationFrom(subPath);
  return (
    <Group gap="lg" wrap="nowrap" justify="flex-end" style={{ flex: 1, minWidth: 0 }}>
      <Box data-slot="project-search" style={{ flex: 1, maxWidth: 440 }} />
      <SegmentedControl
        size="sm"
        aria-label={t('project.views.label')}
        data-tour="project-view-toggle"
        value={location.viewType}
        onChange={(viewType: ViewType) => {
          if (viewType === location.viewType) return;
          void navigate(projectPath(projectNamespace, projectSlug, pathInView(location, viewType)));
        }}
        data={[
          { value: 'detailed', label: t('project.views.detailed') },
          { value: 'synaeptic', label: t('project.views.synaeptic') },
        ]}
      />
    </Group>
  );
}

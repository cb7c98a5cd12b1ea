import { useQueryClient } from '@tanstack/react-query';
import type { ProjectPresented, ProjectSettings } from '@reqloom/domain';
import { useNavigate } from 'react-router';
import { queryKeys } from '../../api/queryKeys';
import { useProjectEvents } from '../../api/useProjectEvents';
import { projectPath } from './projectPaths';

/**
 * Keeps the open project in step with what other members do (spec 1 §7): an update replaces the local copy (and
 * follows the project to its new address after a transfer), new settings replace the old, a deletion is reported.
 */
export function useProjectRealtime(project: ProjectPresented | undefined, subPath: string, onDeleted: () => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useProjectEvents(project?.id, {
    ProjectUpdated: ({ project: updated }) => {
      queryClient.setQueryData(queryKeys.projectByPath(updated.namespace, updated.slug), updated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.userProjects });
      if (project && (updated.namespace !== project.namespace || updated.slug !== project.slug)) {
        void navigate(projectPath(updated.namespace, updated.slug, subPath), { replace: true });
      }
    },
    ProjectSettingsUpdated: ({ project_id, settings }) => {
      queryClient.setQueryData<ProjectSettings>(queryKeys.projectSettings(project_id), settings);
      if (project) {
        queryClient.setQueryData<ProjectPresented>(
          queryKeys.projectByPath(project.namespace, project.slug),
          (current) => current && { ...current, settings },
        );
      }
    },
    ProjectDeleted: () => onDeleted(),
  });
}

import { useQueryClient } from '@tanstack/react-query';
import type { ProjectPresented } from '@reqloom/domain';
import { useNavigate } from 'react-router';
import { useProjectEvents } from '../../api/useProjectEvents';
import { isReviewEvent, isWorkingAreaEvent } from '../../api/wireEvent';
import { applyReviewEvent } from '../../features/reviews/applyReviewEvent';
import { reviewKeys } from '../../features/reviews/reviewsApi';
import { applyWorkingAreaEvent } from '../../features/working-area/api/applyWorkingAreaEvent';
import { applyProjectEvent, catchUpProject } from '../../features/projects/applyProjectEvent';
import { projectPath } from '../../features/projects/projectPaths';

/**
 * Keeps the open project in step with what other members do (spec 1 §7), whatever screen of it is shown: each
 * event goes to the applier that knows its caches (project, working area, reviews); the screen follows a transfer to the
 * new address and reports a deletion. After a lost connection, what the project shows is read again.
 */
export function useProjectRealtime(project: ProjectPresented | undefined, subPath: string, onDeleted: () => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useProjectEvents(project?.id, {
    onEvent: (event) => {
      if (!project) return;
      if (isWorkingAreaEvent(event)) {
        void applyWorkingAreaEvent(queryClient, project.id, event);
        return;
      }
      if (isReviewEvent(event)) {
        void applyReviewEvent(queryClient, project.id, event);
        return;
      }
      // Leave the project before its caches go, or the screen would load it again.
      if (event.name === 'ProjectDeleted') onDeleted();
      applyProjectEvent(queryClient, event);
      if (event.name === 'ProjectUpdated') {
        const updated = event.payload.project;
        if (updated.namespace !== project.namespace || updated.slug !== project.slug) {
          void navigate(projectPath(updated.namespace, updated.slug, subPath), { replace: true });
        }
      }
    },
    onRenewed: () => {
      if (!project) return;
      void catchUpProject(queryClient, project);
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all(project.id) });
    },
  });
}

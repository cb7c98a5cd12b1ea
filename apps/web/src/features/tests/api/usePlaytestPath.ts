import { useCallback } from 'react';
import { useProject } from '../../projects/useProject';
import { projectPath } from '../../projects/projectPaths';

/** The address of the test player (spec 1 §2: .../playtest/:testId?), for a test or for the choice of one. */
export function usePlaytestPath(): (testId?: number) => string {
  const { project } = useProject();
  return useCallback(
    (testId?: number) => projectPath(project.namespace, project.slug, testId ? `playtest/${testId}` : 'playtest'),
    [project.namespace, project.slug],
  );
}

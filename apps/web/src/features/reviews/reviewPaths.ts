import { useMemo } from 'react';
import { projectPath } from '../projects/projectPaths';
import { useProject } from '../projects/useProject';

/** The addresses of the Reviews view (decisions §23), inside the project. */
export function useReviewPaths() {
  const { project } = useProject();
  return useMemo(() => {
    const at = (sub: string) => projectPath(project.namespace, project.slug, sub);
    return { list: at('reviews'), open: (id: number) => at(`reviews/${id}`) };
  }, [project.namespace, project.slug]);
}

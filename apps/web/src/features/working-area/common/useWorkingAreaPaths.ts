import { useMemo } from 'react';
import { useProject } from '../../projects/useProject';

export type ElementView = 'document' | 'category' | 'requirement';

/** Addresses of the project's overview and detailed views (the shell's routes). */
export function useWorkingAreaPaths() {
  const { project } = useProject();
  return useMemo(() => {
    const base = `/project/${project.namespace}/${project.slug}`;
    const detailed = (view: ElementView, id: number) => `${base}/detailed/${view}/${id}`;
    return {
      overview: base,
      document: (id: number) => detailed('document', id),
      category: (id: number) => detailed('category', id),
      requirement: (id: number) => detailed('requirement', id),
      /** A document's quality view (decisions §25). */
      documentQuality: (id: number) => `${base}/quality/${id}`,
    };
  }, [project.namespace, project.slug]);
}

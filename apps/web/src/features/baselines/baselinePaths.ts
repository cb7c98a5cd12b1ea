import { useMemo } from 'react';
import { projectPath } from '../projects/projectPaths';
import { useProject } from '../projects/useProject';

/** The addresses of the Baselines view (decisions §22), inside the project. */
export function useBaselinePaths() {
  const { project } = useProject();
  return useMemo(() => {
    const at = (sub: string) => projectPath(project.namespace, project.slug, sub);
    return {
      list: at('baselines'),
      /** One baseline, open on one of its documents (the first when none is named). */
      open: (id: number, documentId?: number) =>
        at(`baselines/${id}${documentId === undefined ? '' : `?document=${documentId}`}`),
      /** A comparison: `to` null is now; `documentId` null, every document. */
      compare: (from?: number, to?: number | null, documentId?: number | null) => {
        const search = new URLSearchParams();
        if (from !== undefined) search.set('from', String(from));
        if (to !== undefined && to !== null) search.set('to', String(to));
        if (documentId !== undefined && documentId !== null) search.set('document', String(documentId));
        const text = search.toString();
        return at(`baselines/compare${text ? `?${text}` : ''}`);
      },
    };
  }, [project.namespace, project.slug]);
}

/** A positive whole number from the address, else null. */
export function idParam(value: string | null | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { fetchClassifiers } from '../tags/classifiersApi';
import { fetchDocumentRequirements, fetchProjectMap, fetchStructure } from '../working-area/api/workingAreaApi';
import { workingAreaKeys } from '../working-area/api/workingAreaKeys';

// What a project page needs, asked for at once instead of one after the other: without this, a document's
// requirements were asked for only once the project, then the screen's code, then the structure had arrived
// (issue 9 §5: 3.1 s to the first rows of 5,000 requirements).

/** The detailed screen's code starts loading with the shell, in parallel with the project's own call. */
export function preloadProjectScreen(subPath: string): void {
  if (subPath.startsWith('detailed')) void import('../working-area/DetailedScreen');
  if (subPath.startsWith('synaeptic')) void import('../synaeptic/SynaepticScreen');
}

/** The document of a `detailed/document/:id` address, else undefined. */
export function documentIdOf(subPath: string): number | undefined {
  const match = /^detailed\/document\/(\d+)\/?$/.exec(subPath);
  const id = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * Once the project is known: its structure, and the shown document's requirements and classifiers (the table's
 * columns), or the map's data, side by side.
 */
export function useProjectPrefetch(projectId: number | undefined, subPath: string): void {
  const client = useQueryClient();
  // A module is fetched once: asking again on each move inside the project costs nothing.
  useEffect(() => preloadProjectScreen(subPath), [subPath]);
  const documentId = documentIdOf(subPath);
  const map = subPath === 'synaeptic' || subPath.startsWith('synaeptic/');
  useEffect(() => {
    if (projectId === undefined) return;
    void client.prefetchQuery({
      queryKey: workingAreaKeys.structure(projectId),
      queryFn: () => fetchStructure(projectId),
    });
    // The map's one read, while its code is still on its way.
    if (map) {
      void client.prefetchQuery({
        queryKey: workingAreaKeys.map(projectId),
        queryFn: () => fetchProjectMap(projectId),
      });
    }
    if (documentId === undefined) return;
    void client.prefetchQuery({
      queryKey: workingAreaKeys.documentRequirements(projectId, documentId),
      queryFn: () => fetchDocumentRequirements(documentId),
    });
    void client.prefetchQuery({
      queryKey: workingAreaKeys.classifiers(projectId, documentId),
      queryFn: () => fetchClassifiers(documentId),
    });
  }, [client, projectId, documentId, map]);
}

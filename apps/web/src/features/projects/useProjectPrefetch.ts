import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { fetchClassifiers } from '../tags/classifiersApi';
import { whenIdle } from '../../app/whenIdle';
import { projectMapQuery } from '../synaeptic/useMapData';
import { fetchDocumentRequirements, fetchStructure } from '../working-area/api/workingAreaApi';
import { workingAreaKeys } from '../working-area/api/workingAreaKeys';
import { documentIdOf, isMapAddress } from './projectAddress';
import { preloadProjectScreen, projectScreens } from './projectScreens';

// What a project page needs, asked for at once instead of one after the other: without this, a document's
// requirements were asked for only once the project, then the screen's code, then the structure had arrived
// (issue 9 §5: 3.1 s to the first rows of 5,000 requirements).

/**
 * Once the project is known: its structure, and the shown document's requirements and classifiers (the table's
 * columns), or the map's data (which carries the structure), side by side.
 */
export function useProjectPrefetch(projectId: number | undefined, subPath: string): void {
  const client = useQueryClient();
  // A module is fetched once: asking again on each move inside the project costs nothing.
  useEffect(() => void preloadProjectScreen(subPath), [subPath]);
  // Once the project shows, the side bar's links lead to the detailed screen: its code comes meanwhile, so that a
  // click waits for the document's data alone. When the browser is idle: evaluated in the middle of the map's first
  // render, it held the first cards back.
  useEffect(() => {
    if (projectId !== undefined) return whenIdle(() => void projectScreens.detailed.preload());
  }, [projectId]);
  const documentId = documentIdOf(subPath);
  const map = isMapAddress(subPath);
  useEffect(() => {
    if (projectId === undefined) return;
    // The map's one read, while its code is still on its way; it carries the structure.
    if (map) void client.prefetchQuery(projectMapQuery(client, projectId));
    else {
      void client.prefetchQuery({
        queryKey: workingAreaKeys.structure(projectId),
        queryFn: () => fetchStructure(projectId),
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

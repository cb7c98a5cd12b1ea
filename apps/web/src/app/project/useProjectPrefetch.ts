import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { fetchClassifiers } from '../../features/tags/classifiersApi';
import { whenIdle } from '../whenIdle';
import { prefetchMatrix } from '../../features/matrix/matrixQueries';
import { projectMapQuery } from '../../features/synaeptic/useMapData';
import { fetchDocumentRequirements, fetchStructure } from '../../features/working-area/api/workingAreaApi';
import { workingAreaKeys } from '../../api/workingAreaKeys';
import { documentIdOf, isMapAddress, projectAddressOf } from '../../features/projects/projectAddress';
import { preloadProjectScreen, projectScreens } from './projectScreens';

// What a project page needs, asked for at once instead of one after the other: without this, a document's
// requirements were asked for only once the project, then the screen's code, then the structure had arrived
// (issue 9 §5: 3.1 s to the first rows of 5,000 requirements).

/**
 * Starts the reads a project address needs: its structure, and the document's requirements and classifiers (the
 * table's columns), or the map's data (which carries the structure), side by side. Each is asked for once while it
 * is fresh (staleTime), and realtime events keep what came up to date, so asking early costs nothing.
 */
export function prefetchProjectAddress(client: QueryClient, projectId: number, subPath: string): void {
  // The map's one read, while its code is still on its way; it carries the structure.
  if (isMapAddress(subPath)) void client.prefetchQuery(projectMapQuery(client, projectId));
  else {
    void client.prefetchQuery({
      queryKey: workingAreaKeys.structure(projectId),
      queryFn: () => fetchStructure(projectId),
    });
  }
  // The matrix's pairs, then its first matrix, while its code is on its way (a failure is the view's to show).
  if (subPath.split('/')[0] === 'matrix') void prefetchMatrix(client, projectId).catch(() => undefined);
  const documentId = documentIdOf(subPath);
  if (documentId === undefined) return;
  void client.prefetchQuery({
    queryKey: workingAreaKeys.documentRequirements(projectId, documentId),
    queryFn: () => fetchDocumentRequirements(documentId),
  });
  void client.prefetchQuery({
    queryKey: workingAreaKeys.classifiers(projectId, documentId),
    queryFn: () => fetchClassifiers(documentId),
  });
}

/**
 * The address inside the page's project that a press or click leads to, if it is on a plain same-tab link there;
 * undefined otherwise (another project, another site, a new tab, a modified click).
 */
function linkedSubPath(event: MouseEvent): string | undefined {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) return undefined;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return undefined;
  const to = projectAddressOf(url.pathname);
  const current = projectAddressOf(window.location.pathname);
  if (!to || !current || to.namespace !== current.namespace || to.slug !== current.slug) return undefined;
  return to.subPath;
}

/**
 * Once the project is known: what the shown address needs (`prefetchProjectAddress`), and what a link inside the
 * project leads to as soon as it is pressed. The router renders the next screen in a transition and its queries
 * start only when that render commits: at a click on a 500-requirement document in the side bar, about 200 ms
 * after it (issue 9 §5). Started at the press, the reads run while the screen renders.
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
  useEffect(() => {
    if (projectId !== undefined) prefetchProjectAddress(client, projectId, subPath);
  }, [client, projectId, subPath]);
  useEffect(() => {
    if (projectId === undefined) return;
    // Pointer down, then click: a mouse gives the reads the time between the two; a key or a script, the click.
    const onPress = (event: MouseEvent) => {
      const next = linkedSubPath(event);
      if (next === undefined) return;
      prefetchProjectAddress(client, projectId, next);
      void preloadProjectScreen(next);
    };
    document.addEventListener('pointerdown', onPress, true);
    document.addEventListener('click', onPress, true);
    return () => {
      document.removeEventListener('pointerdown', onPress, true);
      document.removeEventListener('click', onPress, true);
    };
  }, [client, projectId]);
}

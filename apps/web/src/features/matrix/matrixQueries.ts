import type { QueryClient } from '@tanstack/react-query';
import type { MatrixQueryInput } from '@reqloom/domain';
import { fetchMatrix, fetchMatrixPairs } from './matrixApi';

/** The pairs of documents that links join (decisions §24): what the view offers, the first one shown first. */
export const matrixPairsQuery = (projectId: number) => ({
  queryKey: ['workingArea', projectId, 'matrixPairs'] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchMatrixPairs(projectId, signal),
});

/** One matrix as chosen; `null` while the pair is not known yet (the query waits). */
export const matrixQuery = (projectId: number, query: MatrixQueryInput | null) => ({
  queryKey: ['workingArea', projectId, 'matrix', query] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchMatrix(projectId, query!, signal),
  enabled: query !== null,
});

/**
 * What the matrix view shows first, asked for before its code has arrived: the pairs, then the matrix of the first
 * pair unfiltered, as the view picks them. One after the other on the view's own render, they held the first row
 * back by the screen's code and a render (issue 37: ≥ 1 s after a click in the side bar for 5,000 rows).
 */
export async function prefetchMatrix(client: QueryClient, projectId: number): Promise<void> {
  const pairs = await client.ensureQueryData(matrixPairsQuery(projectId));
  const first = pairs[0];
  if (!first) return;
  const query = {
    parent_document_id: first.parent_document_id,
    child_document_id: first.child_document_id,
    filter: 'all' as const,
  };
  await client.prefetchQuery(matrixQuery(projectId, query));
}

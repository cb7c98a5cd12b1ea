import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateBaselineBody } from '@reqloom/domain';
import {
  baselineKeys,
  createBaseline,
  deleteBaseline,
  fetchBaseline,
  fetchBaselineCategories,
  fetchBaselineRequirements,
  fetchBaselines,
  fetchComparison,
} from './baselinesApi';

/** The project's baselines, newest first (the server's order). */
export function useBaselines(projectId: number) {
  return useQuery({ queryKey: baselineKeys.list(projectId), queryFn: () => fetchBaselines(projectId) });
}

export function useBaseline(projectId: number, id: number) {
  return useQuery({ queryKey: baselineKeys.one(projectId, id), queryFn: () => fetchBaseline(id) });
}

/** A kept document's requirements: a baseline never changes, so what was read once stays true. */
export function useBaselineRequirements(projectId: number, id: number, documentId: number | undefined) {
  return useQuery({
    queryKey: baselineKeys.requirements(projectId, id, documentId ?? 0),
    queryFn: () => fetchBaselineRequirements(id, documentId ?? 0),
    enabled: documentId !== undefined,
    staleTime: Infinity,
  });
}

/** A kept document's categories as they were, to head its rows as the live document view does. */
export function useBaselineCategories(projectId: number, id: number, documentId: number | undefined) {
  return useQuery({
    queryKey: baselineKeys.categories(projectId, id, documentId ?? 0),
    queryFn: () => fetchBaselineCategories(id, documentId ?? 0),
    enabled: documentId !== undefined,
    staleTime: Infinity,
  });
}

/**
 * A comparison; against now (`to` null) it is read afresh each time, as the live documents change. Not asked for
 * until both sides are chosen (`id` null).
 */
export function useComparison(projectId: number, id: number | null, to: number | null, documentId: number | null) {
  return useQuery({
    queryKey: baselineKeys.compare(projectId, id ?? 0, to, documentId),
    queryFn: () => fetchComparison(id ?? 0, to, documentId),
    enabled: id !== null,
    staleTime: to === null ? 0 : Infinity,
  });
}

export function useCreateBaseline(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreateBaselineBody, 'project_id'>) => createBaseline({ ...body, project_id: projectId }),
    onSuccess: () => client.invalidateQueries({ queryKey: baselineKeys.list(projectId) }),
  });
}

export function useDeleteBaseline(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteBaseline(id),
    onSuccess: () => client.invalidateQueries({ queryKey: baselineKeys.list(projectId) }),
  });
}

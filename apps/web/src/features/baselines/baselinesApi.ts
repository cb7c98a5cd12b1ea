import type {
  BaselineComparison,
  BaselinePresented,
  CategoryPresented,
  CreateBaselineBody,
  RequirementPresented,
} from '@reqloom/domain';
import { api } from '../../api/client';
import { downloadExport } from '../../api/exports';

type Data<T> = { data: T };
const data = async <T>(call: Promise<Data<T>>): Promise<T> => (await call).data;

/** The query keys of the baselines (decisions §22), under the project's, so that leaving the project drops them. */
export const baselineKeys = {
  list: (projectId: number) => ['projects', projectId, 'baselines'] as const,
  one: (projectId: number, id: number) => ['projects', projectId, 'baselines', id] as const,
  requirements: (projectId: number, id: number, documentId: number) =>
    ['projects', projectId, 'baselines', id, 'requirements', documentId] as const,
  categories: (projectId: number, id: number, documentId: number) =>
    ['projects', projectId, 'baselines', id, 'categories', documentId] as const,
  compare: (projectId: number, id: number, to: number | null, documentId: number | null) =>
    ['projects', projectId, 'baselines', id, 'compare', to, documentId] as const,
};

/** `?to=…&document_id=…`, leaving out what is not given (no `to`: against now). */
export function compareSearch(to: number | null, documentId: number | null): string {
  const search = new URLSearchParams();
  if (to !== null) search.set('to', String(to));
  if (documentId !== null) search.set('document_id', String(documentId));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const fetchBaselines = (projectId: number) =>
  data(api.get<Data<BaselinePresented[]>>(`projects/baselines/${projectId}`));

export const fetchBaseline = (id: number) => data(api.get<Data<BaselinePresented>>(`baselines/${id}`));

/** A document's requirements as the baseline kept them, in the shape of the live `documents/requirements`. */
export const fetchBaselineRequirements = (id: number, documentId: number) =>
  data(api.get<Data<RequirementPresented[]>>(`baselines/requirements/${id}?document_id=${documentId}`));

export const fetchBaselineCategories = (id: number, documentId: number) =>
  data(api.get<Data<CategoryPresented[]>>(`baselines/categories/${id}?document_id=${documentId}`));

export const createBaseline = (body: CreateBaselineBody) => data(api.post<Data<BaselinePresented>>('baselines', body));

export const deleteBaseline = (id: number) => api.delete(`baselines/${id}`);

export const fetchComparison = (id: number, to: number | null, documentId: number | null) =>
  data(api.get<Data<BaselineComparison>>(`baselines/compare/${id}${compareSearch(to, documentId)}`));

/** The comparison as a Word redline (tracked changes), through the one-time link the server answers. */
export const downloadCompareReport = (id: number, to: number | null, documentId: number | null) =>
  downloadExport(`baselines/comparereport/${id}${compareSearch(to, documentId)}`);

/** One document of the baseline, as it was, to Word. */
export const downloadBaselineDocument = (id: number, documentId: number) =>
  downloadExport(`baselines/exportmsword/${id}?document_id=${documentId}`);

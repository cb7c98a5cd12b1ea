import type { MatrixFormat, MatrixPair, MatrixPresented, MatrixQueryInput } from '@reqloom/domain';
import { api } from '../../api/client';
import { downloadExport } from '../../api/exports';

const search = (query: MatrixQueryInput) =>
  `parent_document_id=${query.parent_document_id}&child_document_id=${query.child_document_id}&filter=${query.filter ?? 'all'}`;

/** The traceability matrix of two documents (decisions §24). */
export const fetchMatrix = (projectId: number, query: MatrixQueryInput, signal?: AbortSignal) =>
  api.get<{ data: MatrixPresented }>(`projects/matrix/${projectId}?${search(query)}`, { signal }).then((a) => a.data);

/** The pairs of documents that links join: the only ones the view offers. */
export const fetchMatrixPairs = (projectId: number, signal?: AbortSignal) =>
  api.get<{ data: MatrixPair[] }>(`projects/matrixpairs/${projectId}`, { signal }).then((a) => a.data);

/** The matrix as filtered, as a spreadsheet, through a one-time link. */
export const exportMatrix = (projectId: number, query: MatrixQueryInput, format: MatrixFormat) =>
  downloadExport(`projects/matrixexport/${projectId}?${search(query)}&format=${format}`);

import type { AuditAnswer } from '@reqloom/domain';
import { api } from '../../api/client';
import { downloadExport } from '../../api/exports';
import { auditSearch, type AuditFilterParams } from './historyFilters';

/** One page of the project's audit trail (decisions §21), newest first; `next_cursor` names the next, older one. */
export const fetchAuditPage = (
  projectId: number,
  params: AuditFilterParams,
  cursor: string | null,
  signal?: AbortSignal,
) => api.get<AuditAnswer>(`projects/audit/${projectId}${auditSearch(params, cursor)}`, { signal });

/** Downloads the entries of these filters as CSV, through the one-time link the server answers. */
export const exportAuditCsv = (projectId: number, params: AuditFilterParams) =>
  downloadExport(`projects/auditexport/${projectId}${auditSearch(params)}`);

import { neutraliseFormula } from '@reqloom/domain';
import type { AuditRow } from './audit.query';

/** The columns of the export, one line per entry (decisions §21). */
export const AUDIT_CSV_HEADER = [
  'id',
  'at',
  'actor_type',
  'actor_id',
  'actor_name',
  'token_name',
  'action',
  'entity_type',
  'entity_id',
  'entity_reference',
  'document_id',
  'changes',
];

/** A UTF-8 byte order mark: Excel reads the file as UTF-8 only with it. */
export const CSV_BOM = '\uFEFF';

/**
 * One cell as RFC 4180 wants it, and safe to open in a spreadsheet: a text that would pass for a formula is written
 * with a leading apostrophe (`neutraliseFormula`, the rule the document spreadsheets share). Numbers as they are.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = neutraliseFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function auditCsvLine(row: AuditRow): string {
  return (
    [
      row.id,
      row.at.toISOString(),
      row.actorType,
      row.actorId,
      row.actorName,
      row.tokenName,
      row.action,
      row.entityType,
      row.entityId,
      row.entityReference,
      row.documentId,
      JSON.stringify(row.changes),
    ]
      .map(csvCell)
      .join(',') + '\r\n'
  );
}

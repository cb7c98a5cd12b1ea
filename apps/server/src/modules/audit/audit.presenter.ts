import type { AuditEntryPresented } from '@reqloom/domain';
import type { AuditRow } from './audit.query';

export function presentAuditEntry(row: AuditRow): AuditEntryPresented {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: { type: row.actorType, id: row.actorId, name: row.actorName, token_name: row.tokenName },
    action: row.action,
    entity_type: row.entityType,
    entity_id: row.entityId,
    entity_reference: row.entityReference,
    document_id: row.documentId,
    changes: row.changes,
  };
}

import type { Db } from '../../../db/client';
import { revisions } from '../../../db/schema';
import type { RequirementRow } from '../../../read/requirements.presenter';

/** Keeps the previous state of a requirement as a revision, credited to the author of that state. */
export async function keepRevision(tx: Db, rows: RequirementRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(revisions).values(rows.map(revisionOf));
}

/** The revision that keeps a requirement's state as it was before a change. */
export function revisionOf(r: RequirementRow): typeof revisions.$inferInsert {
  return {
    requirementId: r.id,
    authorId: r.updatedBy ?? r.authorId,
    categoryId: r.categoryId,
    name: r.name,
    description: r.description,
    status: r.status,
    updatedAt: r.updatedAt,
  };
}

import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { prepared } from '../../../db/prepared';
import { requirements } from '../../../db/schema';
import { documentById, type DocumentRow } from '../../../read/documents.presenter';
import type { RequirementRow } from '../../../read/requirements.presenter';

// The working area's look-ups by id, shared by its siblings.

/** One requirement by id: a prepared statement, since most calls about a requirement start with it. */
export async function requirementById(db: Db, id: number): Promise<typeof requirements.$inferSelect | undefined> {
  const query = prepared(db, 'requirement_by_id', (d) =>
    d
      .select()
      .from(requirements)
      .where(eq(requirements.id, sql.placeholder('id')))
      .limit(1)
      .prepare('requirement_by_id'),
  );
  const [row] = await query.execute({ id });
  return row;
}

export async function findDocument(db: Db, id: number): Promise<DocumentRow | undefined> {
  return documentById(db, id);
}

export async function findRequirement(db: Db, id: number): Promise<RequirementRow | undefined> {
  return requirementById(db, id);
}

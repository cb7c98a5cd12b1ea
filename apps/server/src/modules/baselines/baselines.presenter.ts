import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { BaselinePresented } from '@reqloom/domain';
import type { Db } from '../../db/client';
import { baselineDocuments, baselines, users } from '../../db/schema';

export type BaselineRow = typeof baselines.$inferSelect;

/** Baselines presented (decisions §22), in the order given: their documents as they were named, their counts. */
export async function presentBaselines(db: Db, rows: BaselineRow[]): Promise<BaselinePresented[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((b) => b.id);
  const docs = await db
    .select({
      baselineId: baselineDocuments.baselineId,
      id: baselineDocuments.documentId,
      name: baselineDocuments.name,
      acronym: baselineDocuments.acronym,
    })
    .from(baselineDocuments)
    .where(inArray(baselineDocuments.baselineId, ids))
    .orderBy(asc(baselineDocuments.documentId));
  const creatorIds = [...new Set(rows.map((b) => b.createdBy).filter((id): id is number => id !== null))];
  const creators = creatorIds.length
    ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, creatorIds))
    : [];
  const nameOf = new Map(creators.map((u) => [u.id, u.name]));
  return rows.map((b) => {
    const documents = docs
      .filter((d) => d.baselineId === b.id)
      .map((d) => ({ id: d.id, name: d.name, acronym: d.acronym }));
    const creator = b.createdBy !== null ? nameOf.get(b.createdBy) : undefined;
    return {
      id: b.id,
      project_id: b.projectId,
      name: b.name,
      description: b.description,
      created_at: b.createdAt.toISOString(),
      created_by: b.createdBy !== null && creator !== undefined ? { id: b.createdBy, name: creator } : null,
      documents,
      counts: {
        documents: documents.length,
        categories: b.categoriesCount,
        requirements: b.requirementsCount,
        links: b.linksCount,
      },
    };
  });
}

export async function findBaseline(db: Db, id: number): Promise<BaselineRow | undefined> {
  const [row] = await db.select().from(baselines).where(eq(baselines.id, id)).limit(1);
  return row;
}

/** GET projects/baselines/{id}: newest first. */
export async function presentProjectBaselines(db: Db, projectId: number): Promise<BaselinePresented[]> {
  const rows = await db
    .select()
    .from(baselines)
    .where(eq(baselines.projectId, projectId))
    .orderBy(desc(baselines.createdAt), desc(baselines.id));
  return presentBaselines(db, rows);
}

export async function presentBaseline(db: Db, row: BaselineRow): Promise<BaselinePresented> {
  return (await presentBaselines(db, [row]))[0]!;
}

/** The baseline's document and its manifest, or undefined when the baseline did not keep that document. */
export async function baselineDocument(db: Db, baselineId: number, documentId: number) {
  const [row] = await db
    .select()
    .from(baselineDocuments)
    .where(and(eq(baselineDocuments.baselineId, baselineId), eq(baselineDocuments.documentId, documentId)))
    .limit(1);
  return row;
}

/** Is the name taken by another baseline of the project, whatever its case (decisions §22)? */
export async function baselineNameTaken(db: Db, projectId: number, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: baselines.id })
    .from(baselines)
    .where(and(eq(baselines.projectId, projectId), sql`lower(${baselines.name}) = lower(${name})`))
    .limit(1);
  return row !== undefined;
}

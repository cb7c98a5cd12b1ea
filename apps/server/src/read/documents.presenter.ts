import { eq, inArray, sql } from 'drizzle-orm';
import {
  completeSettings,
  DEFAULT_DOCUMENT_SETTINGS,
  documentSettingsSchema,
  type DocumentPresented,
  type DocumentSettings,
} from '@reqloom/domain';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { documents } from '../db/schema';

export type DocumentRow = typeof documents.$inferSelect;

/** Every option with its stored value, or its default where none is stored (or a stored one is unreadable). */
export function completeDocumentSettings(stored: unknown): DocumentSettings {
  return completeSettings(documentSettingsSchema.shape, DEFAULT_DOCUMENT_SETTINGS, stored);
}

/**
 * Links (ids of parents and children) and requirement count of each document: one statement. Tests are not
 * counted: they are not requirements to the reader of "200 requirements", and a member without the alpha flag must
 * not learn of them (spec 2).
 */
function documentFacts() {
  return {
    id: documents.id,
    parents: sql<
      number[]
    >`coalesce((select json_agg(dl.parent_id order by dl.parent_id) from document_links dl where dl.child_id = documents.id), '[]'::json)`,
    children: sql<
      number[]
    >`coalesce((select json_agg(dl.child_id order by dl.child_id) from document_links dl where dl.parent_id = documents.id), '[]'::json)`,
    count: sql<number>`(select count(*) from requirements r where r.document_id = documents.id and r.type <> 'test')::int`,
  };
}

/** Presents documents with their parent and child document ids and requirement counts, in one query. */
export async function presentDocuments(db: Db, rows: DocumentRow[]): Promise<DocumentPresented[]> {
  if (rows.length === 0) return [];
  const facts =
    rows.length === 1
      ? await prepared(db, 'document_facts', (d) =>
          d
            .select(documentFacts())
            .from(documents)
            .where(eq(documents.id, sql.placeholder('id')))
            .prepare('document_facts'),
        ).execute({ id: rows[0]!.id })
      : await db
          .select(documentFacts())
          .from(documents)
          .where(
            inArray(
              documents.id,
              rows.map((d) => d.id),
            ),
          );
  const factsOf = new Map(facts.map((f) => [f.id, f]));
  return rows.map((d) => ({
    id: d.id,
    project_id: d.projectId,
    name: d.name,
    acronym: d.acronym,
    reference: d.acronym,
    description: d.description,
    parents: factsOf.get(d.id)?.parents ?? [],
    children: factsOf.get(d.id)?.children ?? [],
    settings: completeDocumentSettings(d.settings),
    requirements_count: Number(factsOf.get(d.id)?.count ?? 0),
    version: d.version,
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
  }));
}

export async function presentDocument(db: Db, row: DocumentRow): Promise<DocumentPresented> {
  const [presented] = await presentDocuments(db, [row]);
  return presented!;
}

/** One document by id: a prepared statement, since every call about a document starts with it. */
export async function documentById(db: Db, id: number): Promise<DocumentRow | undefined> {
  const query = prepared(db, 'document_by_id', (d) =>
    d
      .select()
      .from(documents)
      .where(eq(documents.id, sql.placeholder('id')))
      .limit(1)
      .prepare('document_by_id'),
  );
  const [row] = await query.execute({ id });
  return row;
}

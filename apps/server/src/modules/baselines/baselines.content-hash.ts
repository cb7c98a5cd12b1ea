import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { contentHashText, type ContentHashDocument } from '@reqloom/domain';
import { notFound } from '../../core/errors';
import type { Db } from '../../db/client';
import { baselineDocuments } from '../../db/schema';
import { loadBaselineDocument } from './baselines.document';
import { findBaseline } from './baselines.presenter';

/** Lower-case hex SHA-256 of a text's UTF-8 bytes. */
export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The content hash of a baseline (decisions §23): SHA-256 of `contentHashText` over its documents, each read as
 * `GET baselines/requirements/{id}?document_id` answers it, so that anyone can recompute it from those answers. A
 * baseline never changes, so neither does its hash. 404 when the baseline is gone.
 */
export async function baselineContentHash(db: Db, baselineId: number): Promise<string> {
  if (!(await findBaseline(db, baselineId))) throw notFound();
  const kept = await db
    .select({ id: baselineDocuments.documentId })
    .from(baselineDocuments)
    .where(eq(baselineDocuments.baselineId, baselineId))
    .orderBy(asc(baselineDocuments.documentId));
  const documents: ContentHashDocument[] = [];
  for (const { id } of kept) {
    const document = await loadBaselineDocument(db, baselineId, id);
    if (!document) throw notFound();
    documents.push({ id, requirements: document.requirements });
  }
  return sha256Hex(contentHashText(documents));
}

import { eq } from 'drizzle-orm';
import {
  plainLines,
  STATUS_WORDS,
  type CategoryPresented,
  type ClassifierPresented,
  type Language,
  type RequirementPresented,
} from '@reqloom/domain';
import type { Db } from '../../../db/client';
import { documents } from '../../../db/schema';
import { notFound } from '../../../core/errors';
import { requirementReferences } from '../../../read/audit-references';
import { orderedCategories } from '../../../read/categories.presenter';
import { presentDocumentClassifiers } from '../../../read/classifiers.presenter';
import { readingOrder } from '../word/export-data';

/** Tag titles and link references share a cell, joined so (decisions §24). */
export const LIST_SEPARATOR = '; ';

/**
 * A document as its spreadsheet shows it (decisions §24): the header, then one line of texts per requirement in
 * reading order. The export writes it; the import reads the same document this way to find what a sheet changes.
 */
export type DocumentSheet = {
  document: { id: number; name: string; projectId: number; updatedAt: Date };
  header: string[];
  requirements: RequirementPresented[];
  categories: CategoryPresented[];
  classifiers: ClassifierPresented[];
  /** The references of every requirement a link names, the document's own included. */
  references: Map<number, string>;
  lines: string[][];
};

const joined = (values: string[]) => values.join(LIST_SEPARATOR);

/** A status as a sheet writes it: the product's word in the caller's language. */
export const statusWord = (lang: Language, status: number) => STATUS_WORDS[lang][status] ?? String(status);

/**
 * A description as a sheet shows it: its plain text with its line breaks (the search's HTML-to-text, `plainLines`), trailing
 * blanks off.
 */
export const descriptionText = (html: string) =>
  plainLines(html)
    .replace(/[ \t]+\n/g, '\n')
    .trim();

export async function loadDocumentSheet(db: Db, documentId: number, lang: Language): Promise<DocumentSheet> {
  const [document] = await db.select().from(documents).where(eq(documents.id, documentId));
  if (!document) throw notFound();
  const { tree, presented } = await readingOrder(db, documentId);
  const classifiers = await presentDocumentClassifiers(db, documentId);
  const linkIds = new Set<number>();
  for (const r of presented) for (const l of [...r.parents, ...r.children]) linkIds.add(l.id);
  const references = new Map(presented.map((r) => [r.id, r.reference]));
  const others = [...linkIds].filter((id) => !references.has(id));
  for (const [id, reference] of await requirementReferences(db, others)) references.set(id, reference);
  const categories = orderedCategories(tree);
  const categoryReference = new Map(categories.map((c) => [c.id, c.reference]));
  const header = ['id', 'reference', 'category', 'name', 'description', 'status'];
  header.push(...classifiers.map((c) => c.name), 'parents', 'children');
  const lines = presented.map((r) => [
    String(r.id),
    r.reference,
    r.category_id === null ? '' : (categoryReference.get(r.category_id) ?? ''),
    r.name,
    descriptionText(r.description),
    statusWord(lang, r.status),
    ...classifiers.map((c) => joined(r.tags.filter((t) => t.classifier_id === c.id).map((t) => t.title))),
    joined(r.parents.map((l) => references.get(l.id) ?? '').filter(Boolean)),
    joined(r.children.map((l) => references.get(l.id) ?? '').filter(Boolean)),
  ]);
  return {
    document: { id: document.id, name: document.name, projectId: document.projectId, updatedAt: document.updatedAt },
    header,
    requirements: presented,
    categories,
    classifiers,
    references,
    lines,
  };
}

import { and, asc, eq, inArray, or } from 'drizzle-orm';
import {
  ATTACHMENT_PATH,
  isAttachmentUrl,
  type CategoryPresented,
  type ClassifierPresented,
  type RequirementPresented,
} from '@reqloom/domain';
import type { Db } from '../../../db/client';
import { attachments, documentLinks, documents, requirementLinks } from '../../../db/schema';
import { notFound } from '../../../core/errors';
import { presentDocumentClassifiers } from '../../../read/classifiers.presenter';
import { orderedCategories } from '../../../read/categories.presenter';
import { readingOrder } from '../word/export-data';
import type { ImageFile } from './html-to-xhtml';

export type ExportedDocument = {
  id: number;
  name: string;
  acronym: string;
  description: string;
  updatedAt: Date;
  categories: CategoryPresented[];
  requirements: RequirementPresented[];
  classifiers: ClassifierPresented[];
};

/**
 * What a ReqIF export writes: the document first, then the documents linked to it, the links between their
 * requirements, and the images their descriptions show. Plain data (structured-cloneable): the file is written from
 * it on the export thread (export-off-thread.ts).
 */
export type ReqifExportData = {
  documents: ExportedDocument[];
  links: { parentId: number; childId: number; createdAt: Date }[];
  images: Map<string, ImageFile & { data: Uint8Array }>;
};

async function loadDocuments(db: Db, documentId: number): Promise<ExportedDocument[]> {
  const [main] = await db.select().from(documents).where(eq(documents.id, documentId));
  if (!main) throw notFound();
  const neighbours = await db
    .select()
    .from(documentLinks)
    .where(or(eq(documentLinks.parentId, documentId), eq(documentLinks.childId, documentId)));
  const otherIds = [...new Set(neighbours.map((l) => (l.parentId === documentId ? l.childId : l.parentId)))];
  const others = otherIds.length
    ? await db.select().from(documents).where(inArray(documents.id, otherIds)).orderBy(asc(documents.name))
    : [];
  const loaded: ExportedDocument[] = [];
  for (const row of [main, ...others]) {
    const { tree, presented } = await readingOrder(db, row.id);
    loaded.push({
      id: row.id,
      name: row.name,
      acronym: row.acronym,
      description: row.description,
      updatedAt: row.updatedAt,
      categories: orderedCategories(tree),
      requirements: presented,
      classifiers: await presentDocumentClassifiers(db, row.id),
    });
  }
  return loaded;
}

/** Reads what the ReqIF export of one document writes (reqif-export.ts). */
export async function loadReqifExportData(db: Db, documentId: number): Promise<ReqifExportData> {
  const exported = await loadDocuments(db, documentId);
  const main = exported[0]!;
  const projectId = (await db.select({ p: documents.projectId }).from(documents).where(eq(documents.id, main.id)))[0]!
    .p;
  const requirementIds = exported.flatMap((d) => d.requirements.map((r) => r.id));
  const links = requirementIds.length
    ? await db
        .select()
        .from(requirementLinks)
        .where(
          and(inArray(requirementLinks.parentId, requirementIds), inArray(requirementLinks.childId, requirementIds)),
        )
    : [];

  // Images of the descriptions, by their src: this project's attachments only.
  const images = new Map<string, ImageFile & { data: Uint8Array }>();
  const sources = new Set<string>();
  const imageSrc = /<img[^>]*\ssrc="([^"]+)"/g;
  for (const d of exported)
    for (const html of [
      d.description,
      ...d.categories.map((c) => c.description),
      ...d.requirements.map((r) => r.description),
    ])
      for (const match of html.matchAll(imageSrc)) if (isAttachmentUrl(match[1]!)) sources.add(match[1]!);
  if (sources.size) {
    const rows = await db
      .select({ fileName: attachments.fileName, contentType: attachments.contentType, data: attachments.data })
      .from(attachments)
      .where(
        and(
          eq(attachments.projectId, projectId),
          inArray(
            attachments.fileName,
            [...sources].map((s) => s.slice(ATTACHMENT_PATH.length)),
          ),
        ),
      );
    for (const row of rows)
      images.set(`${ATTACHMENT_PATH}${row.fileName}`, {
        path: `images/${row.fileName}`,
        type: row.contentType,
        data: row.data,
      });
  }
  return {
    documents: exported,
    links: links.map((l) => ({ parentId: l.parentId, childId: l.childId, createdAt: l.createdAt })),
    images,
  };
}

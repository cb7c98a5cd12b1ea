import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  compareTreeOrder,
  inReadingOrder,
  isAttachmentUrl,
  ATTACHMENT_PATH,
  type CategoryPresented,
  type DocumentSettings,
  type RequirementPresented,
} from '@reqloom/domain';
import type { Db } from '../../../db/client';
import { attachments, documentLinks, documents, projects, requirements, revisions, users } from '../../../db/schema';
import { notFound } from '../../../core/errors';
import { loadCategoryTree, orderedCategories } from '../../../read/categories.presenter';
import { completeDocumentSettings } from '../../../read/documents.presenter';
import { completeProjectSettings } from '../../../read/projects.presenter';
import { documentRequirementRows, presentRequirements } from '../../../read/requirements.presenter';
import type { LoadedImage } from './rich-text-to-docx';

/** An attachment's address as stored descriptions spell it (ATTACHMENT_FILE_NAME: no character to escape). */
const ATTACHMENT_ADDRESS = /\/api\/attachments\/[A-Za-z0-9_-]{16,64}\.(?:png|jpg|gif|webp)/g;

export type ExportDocument = { id: number; name: string; acronym: string; description: string };

/** One change of a requirement for the table of evolutions: what it became, when, by whom. */
export type Evolution = {
  reference: string;
  at: Date;
  author: string | null;
  changed: ('name' | 'description' | 'status' | 'category')[];
};

/**
 * Everything a Word export of one document shows, read in a handful of statements. Plain data (structured-cloneable):
 * the file is built from it on the export thread, descriptions included (export-off-thread.ts).
 */
export type ExportData = {
  organization: string;
  project: { name: string; description: string };
  document: ExportDocument;
  settings: DocumentSettings;
  /** The project's documents with the names of their parents, for the project summary. */
  projectDocuments: (ExportDocument & { parents: string[] })[];
  categories: CategoryPresented[];
  /** In reading order. */
  requirements: RequirementPresented[];
  /** The requirements of the parent and child documents, by id, for traceability and the matrices. */
  linked: Map<number, RequirementPresented>;
  parentDocuments: ExportDocument[];
  childDocuments: ExportDocument[];
  images: Map<string, LoadedImage>;
  evolutions: Evolution[];
};

/** A document's category tree and its requirements presented in reading order (the document view's). */
export async function readingOrder(db: Db, documentId: number) {
  const tree = await loadCategoryTree(db, documentId);
  const presented = await presentRequirements(db, await documentRequirementRows(db, documentId), {
    trees: new Map([[documentId, tree]]),
  });
  return { tree, presented: inReadingOrder(presented, tree.presented) };
}

/**
 * What an export shows of the document's own content. Read live by default; a baseline supplies it as it was
 * (decisions §22), and the rest (project, document, settings, document links, images) is read as it is now.
 */
export type ExportContent = {
  /** The document's categories, in any order: they are put in tree order here (by `_lft`). */
  categories: CategoryPresented[];
  /** The document's requirements, in any order: they are put in reading order here. */
  requirements: RequirementPresented[];
  /** The requirements of its parent and child documents it may name in traceability lines and matrices. */
  linked: RequirementPresented[];
  /** The table of evolutions stops at this instant (the baseline's); every change up to now without it. */
  asOf?: Date;
};

/** The document's content as it is now. */
async function liveContent(db: Db, documentId: number, others: ExportDocument[]): Promise<ExportContent> {
  const { tree, presented } = await readingOrder(db, documentId);
  const linked: RequirementPresented[] = [];
  for (const other of others) linked.push(...(await readingOrder(db, other.id)).presented);
  return { categories: orderedCategories(tree), requirements: presented, linked };
}

/** Everything the Word export of a document shows: its content as now, or as `supplied`. */
export async function loadExportData(db: Db, documentId: number, supplied?: ExportContent): Promise<ExportData> {
  const [document] = await db.select().from(documents).where(eq(documents.id, documentId));
  if (!document) throw notFound();
  const [project] = await db.select().from(projects).where(eq(projects.id, document.projectId));
  if (!project) throw notFound();
  const settings = completeDocumentSettings(document.settings);

  const projectDocs = await db
    .select({ id: documents.id, name: documents.name, acronym: documents.acronym, description: documents.description })
    .from(documents)
    .where(eq(documents.projectId, project.id))
    .orderBy(asc(documents.name), asc(documents.id));
  const docLinks = await db
    .select()
    .from(documentLinks)
    .where(
      inArray(
        documentLinks.childId,
        projectDocs.map((d) => d.id),
      ),
    );
  const docById = new Map(projectDocs.map((d) => [d.id, d]));
  const projectDocuments = projectDocs.map((d) => ({
    ...d,
    parents: docLinks
      .filter((l) => l.childId === d.id)
      .map((l) => docById.get(l.parentId)?.name ?? '')
      .filter(Boolean),
  }));
  const parentDocuments = docLinks.filter((l) => l.childId === documentId).map((l) => docById.get(l.parentId)!);
  const childDocuments = docLinks.filter((l) => l.parentId === documentId).map((l) => docById.get(l.childId)!);

  const content = supplied ?? (await liveContent(db, documentId, [...parentDocuments, ...childDocuments]));
  const categories = [...content.categories].sort(compareTreeOrder);
  const presented = inReadingOrder(content.requirements, new Map(categories.map((c) => [c.id, c])));
  const linked = new Map(content.linked.map((r) => [r.id, r]));

  // The images the requirements' descriptions may show, found without parsing them (that is the export thread's
  // work): any attachment address in their HTML. One the export does not draw is loaded for nothing, harmlessly.
  const sources = new Set<string>();
  for (const r of presented) for (const [src] of r.description.matchAll(ATTACHMENT_ADDRESS)) sources.add(src);
  const fileNames = [...sources].filter(isAttachmentUrl).map((src) => src.slice(ATTACHMENT_PATH.length));
  const images = new Map<string, LoadedImage>();
  if (fileNames.length) {
    const rows = await db
      .select({ fileName: attachments.fileName, contentType: attachments.contentType, data: attachments.data })
      .from(attachments)
      // Only this project's images: a description cannot show another project's, nor can its export.
      .where(and(eq(attachments.projectId, project.id), inArray(attachments.fileName, fileNames)));
    const types: Record<string, LoadedImage['type']> = {
      'image/png': 'png',
      'image/jpeg': 'jpg',
      'image/gif': 'gif',
      'image/webp': 'webp',
    };
    for (const row of rows) {
      const type = types[row.contentType];
      if (type) images.set(`${ATTACHMENT_PATH}${row.fileName}`, { data: row.data, type });
    }
  }

  return {
    organization: completeProjectSettings(project.settings).organizationName,
    project: { name: project.name, description: project.description },
    document: { id: document.id, name: document.name, acronym: document.acronym, description: document.description },
    settings,
    projectDocuments,
    categories,
    requirements: presented,
    linked,
    parentDocuments,
    childDocuments,
    images,
    evolutions: settings['export.tableOfEvolutions']
      ? await loadEvolutions(db, presented, settings['export.tableOfEvolutionsRefDate'], content.asOf)
      : [],
  };
}

/**
 * The changes of the document's requirements since the reference day (all of them without one), up to `until`
 * when given. A revision keeps
 * the state before a change: the change is the step from it to the next revision, or to the current state.
 */
async function loadEvolutions(
  db: Db,
  presented: RequirementPresented[],
  since: string | null,
  until?: Date,
): Promise<Evolution[]> {
  if (presented.length === 0) return [];
  const ids = presented.map((r) => r.id);
  const rows = await db
    .select({
      id: revisions.id,
      requirementId: revisions.requirementId,
      name: revisions.name,
      description: revisions.description,
      status: revisions.status,
      categoryId: revisions.categoryId,
      updatedAt: revisions.updatedAt,
      author: users.name,
    })
    .from(revisions)
    .leftJoin(users, eq(users.id, revisions.authorId))
    .where(inArray(revisions.requirementId, ids))
    .orderBy(asc(revisions.requirementId), asc(revisions.id));
  const current = await db
    .select({
      id: requirements.id,
      name: requirements.name,
      description: requirements.description,
      status: requirements.status,
      categoryId: requirements.categoryId,
      updatedAt: requirements.updatedAt,
      author: users.name,
    })
    .from(requirements)
    .leftJoin(users, eq(users.id, requirements.updatedBy))
    .where(inArray(requirements.id, ids));
  const currentById = new Map(current.map((c) => [c.id, c]));
  const start = since ? new Date(`${since}T00:00:00Z`) : null;
  const out: Evolution[] = [];
  for (const r of presented) {
    const states = [...rows.filter((v) => v.requirementId === r.id), currentById.get(r.id)].filter(
      (s): s is NonNullable<typeof s> => s !== undefined,
    );
    for (let i = 1; i < states.length; i++) {
      const before = states[i - 1]!;
      const after = states[i]!;
      if (start && after.updatedAt < start) continue;
      // A state made after the baseline's instant is not part of the document as it was.
      if (until && after.updatedAt > until) continue;
      const changed: Evolution['changed'] = [];
      if (before.name !== after.name) changed.push('name');
      if (before.description !== after.description) changed.push('description');
      if (before.status !== after.status) changed.push('status');
      if (before.categoryId !== after.categoryId) changed.push('category');
      if (changed.length) out.push({ reference: r.reference, at: after.updatedAt, author: after.author, changed });
    }
  }
  return out.sort((a, b) => a.at.getTime() - b.at.getTime() || a.reference.localeCompare(b.reference));
}

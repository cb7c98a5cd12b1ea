import { eq } from 'drizzle-orm';
import {
  acronymFrom,
  attachmentUrl,
  withNumber,
  NAME_MAX,
  RICH_TEXT_MAX,
  cutRichTextElements,
  withinRichTextElements,
  sniffImageType,
  TAG_COLORS,
  type AuditChanges,
  type DocumentPresented,
  type ImportReport,
} from '@reqloom/domain';
import type { AuditFact } from '../../../core/audit';
import {
  categories,
  classifiers,
  documentLinks,
  documents,
  requirementLinks,
  requirements,
  requirementTags,
  tags,
} from '../../../db/schema';
import type { ProjectRow } from '../../../policies/project-access';
import { sanitizeRichText } from '../../../security/sanitize';
import type { Work } from '../../../core/work';
import { storeAttachment } from '../../attachments/attachments.service';
import { projectDocuments } from '../../working-area/documents/documents.service';
import { completeProjectSettings } from '../../../read/projects.presenter';
import { planLinks, type StagedRequirement } from './import-links';
import { discardStaging, openStaging, publishStaging, STAGING_HEARTBEAT_MS, touchStaging } from './import-staging';
import {
  IMPORT_IMAGE_SCHEME,
  type ImportPlan,
  type PlannedCategory,
  type PlannedDocument,
  type PlannedNode,
  type PlannedRequirement,
  type Skipped,
} from './import-plan';
import { append } from '../append';

// Rows per transaction while staging: small enough that one holds PGlite's only connection for tens of
// milliseconds, and well under PostgreSQL's 65,535 parameters for the widest row written here.
const CHUNK = 50;
// eslint-disable-next-line no-control-regex -- these are exactly what is removed
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

/** Runs one short unit of work; an import is a series of them (see import-staging.ts). */
export type Step = <T>(fn: (work: Work) => Promise<T>) => Promise<T>;

/** The file an import read, as the audit trail names it (decisions §21). */
export type ImportSource = { file: string; format: 'reqif' | 'docx' | 'xlsx' | 'csv' };

export type ImportResult = {
  documents: DocumentPresented[];
  projectDocuments: DocumentPresented[];
  report: ImportReport;
};

/** A name as the API would take it: one line, trimmed, at most NAME_MAX characters. */
export function cleanName(name: string, fallback: string): string {
  const line =
    name
      .replace(/\p{Cc}/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim() || fallback;
  return line.length > NAME_MAX ? `${line.slice(0, NAME_MAX - 1)}…` : line;
}

/**
 * An acronym that is valid for the project and not yet taken among `taken` (upper-cased acronyms, which it joins):
 * the file's own when it is free, else that one with a number; without one, the proposal of the domain rule.
 */
function uniqueAcronym(wanted: string | undefined, name: string, maxSize: number, taken: Set<string>): string {
  const own = (wanted ?? '')
    .normalize('NFKD')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, maxSize);
  const acronym = own
    ? taken.has(own)
      ? withNumber(own, maxSize, taken)
      : own
    : acronymFrom(name, { ignoreSmallWords: true, maxSize, taken }) || withNumber('C', maxSize, taken);
  taken.add(acronym);
  return acronym;
}

async function chunked<T>(rows: T[], insert: (chunk: T[], offset: number) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK), i);
}

type CategoryPlace = { node: PlannedCategory; parentKey: number | null; position: number; key: number };
type RequirementPlace = { node: PlannedRequirement; categoryKey: number | null; position: number };

/**
 * The categories level by level (a parent before its children) and the requirements in the order their reference
 * numbers are given: the root's, then the categories' in the plan's order. That is the reading order
 * (`compareReadingOrder`) when each category's requirements come before its sub-categories, as in a Word file; a
 * ReqIF hierarchy that puts a requirement after a sub-category numbers it after that sub-category's requirements.
 */
function layout(document: PlannedDocument): { levels: CategoryPlace[][]; items: RequirementPlace[] } {
  const levels: CategoryPlace[][] = [];
  const items: RequirementPlace[] = [];
  let nextKey = 0;
  const rootItems: RequirementPlace[] = [];
  const nested: RequirementPlace[] = [];
  const walk = (nodes: PlannedNode[], parentKey: number | null, depth: number) => {
    let categoryPosition = 0;
    let requirementPosition = 0;
    for (const node of nodes) {
      if (node.kind === 'category') {
        const place = { node, parentKey, position: categoryPosition++, key: nextKey++ };
        (levels[depth] ??= []).push(place);
        walk(node.children, place.key, depth + 1);
      } else {
        (parentKey === null ? rootItems : nested).push({
          node,
          categoryKey: parentKey,
          position: requirementPosition++,
        });
      }
    }
  };
  walk(document.nodes, null, 0);
  // Reference numbers: the root's requirements first, then the categories' (see above).
  append(append(items, rootItems), nested);
  return { levels, items };
}

/**
 * Stores a plan: all of it or, when anything fails, nothing (decisions §14). It is written in short steps into a
 * staging project that nobody sees, then published in one step (import-staging.ts), so other requests run between
 * the steps. Names and acronyms are made valid, descriptions sanitised, images checked by content; links that the
 * project's rules cannot hold (within one document, or making the document graph cyclic) are reported, not made.
 */
export async function writeImport(
  step: Step,
  project: ProjectRow,
  authorId: number,
  plan: ImportPlan,
  source: ImportSource,
): Promise<ImportResult> {
  const staging = await step((work) => openStaging(work, project));
  // Each unit of work shows the import alive, so that no sweep takes its staging project (import-staging.ts).
  let beatAt = performance.now();
  const beating: Step = (fn) =>
    step(async (work) => {
      if (performance.now() - beatAt >= STAGING_HEARTBEAT_MS) {
        await touchStaging(work, staging);
        beatAt = performance.now();
      }
      return fn(work);
    });
  try {
    const staged = await stage(beating, project, staging, authorId, plan);
    return await step(async (work) => {
      const newDocumentIds = await publishStaging(work, project, staging, (acronym, taken) =>
        uniqueAcronym(acronym, acronym, staged.maxSize, taken),
      );
      for (const documentId of newDocumentIds)
        work.record({ name: 'DocumentChanged', projectId: project.id, documentId });
      work.record({ name: 'ProjectStructureChanged', projectId: project.id });
      const all = await projectDocuments(work.tx, project.id);
      work.audit(project.id, importedFact(source, newDocumentIds, all, staged.created));
      return {
        documents: newDocumentIds.flatMap((id) => all.filter((d) => d.id === id)),
        projectDocuments: all,
        report: { created: staged.created, skipped: staged.skipped },
      };
    });
  } catch (error) {
    await step((work) => discardStaging(work, staging));
    throw error;
  }
}

/**
 * The one entry of an import (decisions §21), whatever it made: its counts, not an entry per element, which would
 * bury the trail under thousands of lines. It is on the document made (the first, when a ReqIF file makes several).
 */
function importedFact(
  source: ImportSource,
  documentIds: number[],
  all: DocumentPresented[],
  created: ImportReport['created'],
): AuditFact {
  const names = documentIds.map((id) => all.find((d) => d.id === id)?.name ?? `#${id}`);
  const changes: AuditChanges = {
    file: { new: source.file },
    format: { new: source.format },
    documents: { new: created.documents },
    categories: { new: created.categories },
    requirements: { new: created.requirements },
  };
  for (const key of ['links', 'classifiers', 'tags', 'images'] as const)
    if (created[key] > 0) changes[key] = { new: created[key] };
  return {
    action: 'imported',
    entityType: 'document',
    entityId: documentIds[0] ?? null,
    reference: names.length > 3 ? `${names.slice(0, 3).join(', ')}, …` : names.join(', ') || null,
    documentId: documentIds[0] ?? null,
    changes,
  };
}

async function stage(step: Step, project: ProjectRow, staging: ProjectRow, authorId: number, plan: ImportPlan) {
  const maxSize = completeProjectSettings(project.settings).acronymMaxSize;
  const skipped: Skipped[] = [...plan.skipped];
  const created = { documents: 0, categories: 0, requirements: 0, links: 0, images: 0, classifiers: 0, tags: 0 };

  // Images first: descriptions then point at their attachments.
  const imageUrls = new Map<string, string>();
  for (const image of plan.images) {
    const type = sniffImageType(image.data);
    if (!type) {
      skipped.push({ what: image.name, reason: 'image_format' });
      continue;
    }
    const stored = await step((work) =>
      storeAttachment(work, staging, authorId, {
        type,
        data: Buffer.from(image.data),
        originalName: image.name.slice(0, 255),
      }),
    );
    imageUrls.set(image.key, attachmentUrl(stored.fileName));
    created.images += 1;
  }
  const imageSrc = new RegExp(`src="${IMPORT_IMAGE_SCHEME}([^"]*)"`, 'g');
  /** A description as the API would take it; `what` names its owner in the report when it has to be cut. */
  const richText = (html: string | undefined, what: string) => {
    if (!html) return '';
    // PostgreSQL refuses a NUL in text; no other control character means anything in HTML.
    const linked = html.replace(CONTROL_CHARACTERS, '').replace(imageSrc, (_, key: string) => {
      const url = imageUrls.get(key);
      return url ? `src="${url}"` : 'src=""';
    });
    let clean = sanitizeRichText(linked);
    if (clean.length > RICH_TEXT_MAX) clean = sanitizeRichText(clean.slice(0, RICH_TEXT_MAX));
    // Past the elements a description may hold (which a PUT would refuse), its first ones are kept, and it is said.
    if (withinRichTextElements(clean)) return clean;
    skipped.push({ what, reason: 'description_cut' });
    return sanitizeRichText(cutRichTextElements(clean));
  };

  // Acronyms taken now; publishing checks again against documents made by hand in the meantime.
  const existing = await step((work) =>
    work.tx.select({ acronym: documents.acronym }).from(documents).where(eq(documents.projectId, project.id)),
  );
  const documentAcronyms = new Set(existing.map((d) => d.acronym.toUpperCase()));
  const requirementIds = new Map<string, StagedRequirement>();

  for (const planned of plan.documents) {
    const name = cleanName(planned.name, 'Imported document');
    const { levels, items } = layout(planned);
    const documentId = await step(async ({ tx }) => {
      const [document] = await tx
        .insert(documents)
        .values({
          projectId: staging.id,
          name,
          acronym: uniqueAcronym(planned.acronym, name, maxSize, documentAcronyms),
          description: richText(planned.description, name),
          nextReferenceNumber: items.length + 1,
        })
        .returning({ id: documents.id });
      return document!.id;
    });
    created.documents += 1;

    // Categories level by level, each level one statement per chunk, with the ids the next level needs.
    const categoryIds = new Map<number, number>();
    for (const level of levels) {
      const siblingAcronyms = new Map<number | null, Set<string>>();
      const rows = level.map((place) => {
        const categoryName = cleanName(place.node.name, 'Chapter');
        const taken = siblingAcronyms.get(place.parentKey) ?? new Set<string>();
        siblingAcronyms.set(place.parentKey, taken);
        return {
          documentId,
          parentId: place.parentKey === null ? null : categoryIds.get(place.parentKey)!,
          name: categoryName,
          acronym: uniqueAcronym(place.node.acronym, categoryName, maxSize, taken),
          description: richText(place.node.description, categoryName),
          position: place.position,
        };
      });
      const ids: number[] = [];
      await chunked(rows, async (chunk) => {
        const inserted = await step(({ tx }) => tx.insert(categories).values(chunk).returning({ id: categories.id }));
        append(
          ids,
          inserted.map((r) => r.id),
        );
      });
      level.forEach((place, i) => categoryIds.set(place.key, ids[i]!));
      created.categories += level.length;
    }

    // Classifiers and their tags, by name.
    // (A step may run again after a deadlock: it fills only what it returns.)
    const multiselect = new Map(planned.classifiers.map((c) => [c.name, c.multiselect]));
    const { ids: tagIds, count: tagCount } = await step(async ({ tx }) => {
      const ids = new Map<string, number>();
      let count = 0;
      for (const planned_ of planned.classifiers) {
        const [classifier] = await tx
          .insert(classifiers)
          .values({ documentId, name: cleanName(planned_.name, 'Classifier'), multiselect: planned_.multiselect })
          .returning({ id: classifiers.id });
        const titles = new Map<string, string>();
        for (const title of planned_.tags) {
          const clean = cleanName(title, '?');
          if (!titles.has(clean.toLowerCase())) titles.set(clean.toLowerCase(), clean);
        }
        const rows = [...titles.values()].map((title, i) => ({
          classifierId: classifier!.id,
          title,
          color: TAG_COLORS[i % TAG_COLORS.length]!,
        }));
        if (rows.length === 0) continue;
        const inserted = await tx.insert(tags).values(rows).returning({ id: tags.id, title: tags.title });
        for (const tag of inserted) ids.set(`${planned_.name}\u0000${tag.title.toLowerCase()}`, tag.id);
        count += inserted.length;
      }
      return { ids, count };
    });
    created.classifiers += planned.classifiers.length;
    created.tags += tagCount;

    // A chunk's descriptions are sanitised just before its step, so neither holds the event loop long.
    await chunked(items, async (chunk, offset) => {
      const rows = chunk.map((item, j) => {
        const i = offset + j;
        return {
          documentId,
          categoryId: item.categoryKey === null ? null : categoryIds.get(item.categoryKey)!,
          authorId,
          updatedBy: authorId,
          referenceNumber: i + 1,
          name: cleanName(item.node.name, `#${i + 1}`),
          description: richText(item.node.description, cleanName(item.node.name, `#${i + 1}`)),
          status: Math.min(3, Math.max(0, Math.trunc(item.node.status ?? 0))),
          position: item.position,
          attributes: item.node.attributes ?? {},
        };
      });
      await step(async ({ tx }) => {
        const ids = (await tx.insert(requirements).values(rows).returning({ id: requirements.id })).map((r) => r.id);
        const tagRows: { requirementId: number; tagId: number }[] = [];
        chunk.forEach((item, j) => {
          const id = ids[j]!;
          if (item.node.key !== undefined) requirementIds.set(item.node.key, { id, documentId });
          const held = new Set<number>();
          const single = new Set<string>();
          for (const tag of item.node.tags ?? []) {
            const tagId = tagIds.get(`${tag.classifier}\u0000${cleanName(tag.tag, '?').toLowerCase()}`);
            if (tagId === undefined || held.has(tagId)) continue;
            // A single-select classifier holds one tag per requirement: the first one read.
            if (multiselect.get(tag.classifier) === false) {
              if (single.has(tag.classifier)) continue;
              single.add(tag.classifier);
            }
            held.add(tagId);
            tagRows.push({ requirementId: id, tagId });
          }
        });
        if (tagRows.length) await tx.insert(requirementTags).values(tagRows);
      });
    });
    created.requirements += items.length;
  }

  // Links: the documents of both ends become parent and child documents, unless that would close a cycle.
  const { documentEdges, pairs, skipped: linksSkipped } = planLinks(plan.links, requirementIds);
  append(skipped, linksSkipped);
  // Staged with the staging project's id, so the project's link queries see them only once published.
  const linkRows = pairs.map(([parentId, childId]) => ({ parentId, childId, projectId: staging.id }));
  if (documentEdges.length)
    await step(({ tx }) =>
      tx.insert(documentLinks).values(documentEdges.map(([parentId, childId]) => ({ parentId, childId }))),
    );
  await chunked(linkRows, (chunk) => step(({ tx }) => tx.insert(requirementLinks).values(chunk)));
  created.links = linkRows.length;
  return { created, skipped, maxSize };
}

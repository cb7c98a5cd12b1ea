import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  baselineCompareQuery,
  baselineDocumentQuery,
  exportLinkAnswer,
  idSchema,
  type Language,
} from '@reqloom/domain';
import type { AuditFact } from '../../core/audit';
import type { AppContext } from '../../core/context';
import type { User } from '../../core/identity';
import { invalid, notFound } from '../../core/errors';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/prepared';
import { baselineDocuments, documentLinks, projects, requirements, users } from '../../db/schema';
import { access } from '../../http/access';
import { currentUser } from '../../http/authenticate';
import { loadedProject } from '../../http/loaded';
import { findProjectForUser } from '../../policies/project-access';
import { can } from '../../policies/policy';
import { compareBaselines } from '../baselines/baselines.compare';
import { loadBaselineDocument } from '../baselines/baselines.document';
import { baselineById } from '../baselines/baselines.locators';
import { baselineDocument, findBaseline } from '../baselines/baselines.presenter';
import { createDownloadLink, type DownloadKind } from './downloads.service';
import type { ExportThread } from './export-off-thread';
import { loadExportData } from './word/export-data';
import type { RedlineAuthor, RedlineInput } from './word/redline';
import { redlineTexts } from './word/redline-texts';

/** The kinds of one-time link that name a baseline: its document as it was, and its comparison's redline. */
export const BASELINE_DOWNLOADS = ['baseline_msword', 'baseline_redline'] as const satisfies DownloadKind[];
type BaselineDownload = (typeof BASELINE_DOWNLOADS)[number];
export const isBaselineDownload = (kind: DownloadKind): kind is BaselineDownload =>
  (BASELINE_DOWNLOADS as readonly DownloadKind[]).includes(kind);

/** What a baseline's link keeps, read back when it is followed (the link is the project's, with these params). */
const linkParams = z.object({ baseline_id: idSchema, document_id: idSchema.optional(), to: idSchema.optional() });

/** One read-only instant: against now, the comparison and what names its changes see the same state. */
const SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/**
 * The two Word files of a baseline (decisions §22): the link routes check what they can cheaply (the document kept,
 * `to` in the project) so that a wrong request fails at once; the file is built when the link is followed.
 */
export function baselineExportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['baselines'];
  const params = z.object({ id: idSchema });
  const config = { access: access.project(baselineById) };
  const link = (userId: number, projectId: number, kind: BaselineDownload, kept: z.infer<typeof linkParams>) =>
    createDownloadLink(ctx.db, { userId, kind, projectId, params: kept });

  r.get(
    '/api/baselines/exportmsword/:id',
    {
      config,
      schema: {
        tags,
        summary: 'A one-time link (10 minutes) to the document as the baseline kept it, as a .docx',
        params,
        querystring: baselineDocumentQuery,
        response: { 200: exportLinkAnswer },
      },
    },
    async (request) => {
      const { id } = request.params;
      const documentId = request.query.document_id;
      // A document the baseline did not keep is not there: 404, as for its requirements.
      if (!(await baselineDocument(ctx.db, id, documentId))) throw notFound();
      const url = await link(currentUser(request).id, loadedProject(request).id, 'baseline_msword', {
        baseline_id: id,
        document_id: documentId,
      });
      return { url };
    },
  );

  r.get(
    '/api/baselines/comparereport/:id',
    {
      config,
      schema: {
        tags,
        summary:
          'A one-time link (10 minutes) to the comparison of the baseline with another (or with now) as a .docx of tracked changes',
        params,
        querystring: baselineCompareQuery,
        response: { 200: exportLinkAnswer },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { to, document_id: documentId } = request.query;
      const projectId = loadedProject(request).id;
      // The checks of compareBaselines, without its work: it makes them again when the link is followed.
      if (to !== undefined) {
        const other = await findBaseline(ctx.db, to);
        if (!other) throw notFound();
        if (other.projectId !== projectId) throw invalid({ to: ['validation.not_in_project'] });
      }
      if (documentId !== undefined) {
        const kept =
          (await baselineDocument(ctx.db, id, documentId)) ??
          (to !== undefined ? await baselineDocument(ctx.db, to, documentId) : undefined);
        if (!kept) throw notFound();
      }
      const url = await link(currentUser(request).id, projectId, 'baseline_redline', {
        baseline_id: id,
        ...(documentId !== undefined ? { document_id: documentId } : {}),
        ...(to !== undefined ? { to } : {}),
      });
      return { url };
    },
  );
}

/** A baseline's file, made for its link: the bytes, its name, and what the audit trail says of it. */
export type BaselineFile = { data: Buffer; name: string; projectId: number; fact: AuditFact };

/**
 * Follows a baseline's link (taken by the caller): 404 when its user is no longer a viewer of the project, or when
 * the baseline (or the document) is gone since; else the file, built on the export thread.
 */
export async function baselineFile(
  db: Db,
  thread: ExportThread,
  link: { kind: BaselineDownload; projectId: number | null; params: Record<string, unknown> | null },
  user: User,
  lang: Language,
): Promise<BaselineFile> {
  const read = linkParams.safeParse(link.params ?? {});
  if (link.projectId === null || !read.success) throw notFound();
  const found = await findProjectForUser(db, link.projectId, user.id);
  if (
    !found ||
    !can(user, { do: 'project.call', project: { id: found.project.id, role: found.role }, least: 'viewer' })
  )
    throw notFound();
  const { baseline_id: baselineId, document_id: documentId, to } = read.data;
  const now = new Date();
  if (link.kind === 'baseline_msword') {
    if (documentId === undefined) throw notFound();
    const kept = await db.transaction((tx) => keptExportData(tx, baselineId, documentId), SNAPSHOT);
    if (kept.projectId !== found.project.id) throw notFound();
    const built = await thread.build({ kind: 'msword', data: kept.data, lang, now });
    return {
      data: built.data,
      name: `${kept.data.document.name} (${kept.baselineName})`,
      projectId: kept.projectId,
      fact: exportedFact(baselineId, kept.baselineName, documentId, 'msword'),
    };
  }
  const made = await db.transaction((tx) => redlineInput(tx, baselineId, to ?? null, documentId, lang, now), SNAPSHOT);
  if (made.projectId !== found.project.id) throw notFound();
  const built = await thread.build({ kind: 'redline', input: made.input });
  return {
    data: built.data,
    name: redlineTexts(lang)('title', { from: made.input.from, to: made.input.to }),
    projectId: made.projectId,
    fact: { ...exportedFact(baselineId, made.input.from, documentId, 'redline'), changes: redlineChanges(to) },
  };
}

const exportedFact = (
  baselineId: number,
  name: string,
  documentId: number | undefined,
  format: 'msword' | 'redline',
): AuditFact => ({
  action: 'exported',
  entityType: 'baseline',
  entityId: baselineId,
  reference: name,
  documentId: documentId ?? null,
  changes: { format: { new: format } },
});

/** The redline's entry says what the baseline was compared with: another baseline's id, or now (null). */
const redlineChanges = (to: number | undefined) => ({ format: { new: 'redline' }, to: { new: to ?? null } });

/**
 * The Word export's data of a document as the baseline kept it: its categories and requirements as they were, the
 * kept requirements of its parent and child documents when the baseline holds them, and evolutions up to the
 * baseline's instant (export-data.ts reads the rest as it is now).
 */
export async function keptExportData(db: Db, baselineId: number, documentId: number) {
  const kept = await loadBaselineDocument(db, baselineId, documentId);
  if (!kept) throw notFound();
  const related = await db
    .select({ parentId: documentLinks.parentId, childId: documentLinks.childId })
    .from(documentLinks)
    .where(or(eq(documentLinks.parentId, documentId), eq(documentLinks.childId, documentId)));
  const others = [...new Set(related.map((l) => (l.parentId === documentId ? l.childId : l.parentId)))];
  const linked = [];
  for (const other of others) linked.push(...((await loadBaselineDocument(db, baselineId, other))?.requirements ?? []));
  const data = await loadExportData(db, documentId, {
    categories: kept.categories,
    requirements: kept.requirements,
    linked,
    asOf: kept.baseline.createdAt,
  });
  return { data, baselineName: kept.baseline.name, projectId: kept.baseline.projectId };
}

/** What the redline report is built from: the comparison, and the names that make it readable. */
async function redlineInput(
  db: Db,
  fromId: number,
  toId: number | null,
  documentId: number | undefined,
  lang: Language,
  now: Date,
): Promise<{ input: RedlineInput; projectId: number }> {
  const comparison = await compareBaselines(db, fromId, toId, documentId);
  const from = await findBaseline(db, fromId);
  const to = toId === null ? undefined : await findBaseline(db, toId);
  if (!from || (toId !== null && !to)) throw notFound();
  const [project] = await db.select({ name: projects.name }).from(projects).where(eq(projects.id, from.projectId));
  const sides = to ? [from.id, to.id] : [from.id];
  const kept = await db
    .select({
      baselineId: baselineDocuments.baselineId,
      id: baselineDocuments.documentId,
      name: baselineDocuments.name,
    })
    .from(baselineDocuments)
    .where(inArray(baselineDocuments.baselineId, sides));
  // The later side's name of a document renamed between the two.
  const documents = new Map(
    kept.sort((a, b) => Number(a.baselineId !== from.id) - Number(b.baselineId !== from.id)).map((d) => [d.id, d.name]),
  );

  // Against now, a change is its requirement's last editor's, at its time; between two baselines nobody is named.
  const authors = new Map<number, RedlineAuthor>();
  const changedIds = [...comparison.added, ...comparison.changed.map((c) => c.requirement)].map((r) => r.id);
  if (!to && changedIds.length) {
    const rows = await db
      .select({ id: requirements.id, at: requirements.updatedAt, name: users.name })
      .from(requirements)
      .innerJoin(users, eq(users.id, requirements.updatedBy))
      .where(inArray(requirements.id, changedIds));
    for (const row of rows) authors.set(row.id, { name: row.name, at: row.at });
  }

  // The references of link ends the comparison does not list, as either baseline kept them.
  const listed = new Set(
    [...comparison.added, ...comparison.removed, ...comparison.changed.map((c) => c.requirement)].map((r) => r.id),
  );
  const ends = [
    ...new Set([...comparison.links.added, ...comparison.links.removed].flatMap((l) => [l.parent_id, l.child_id])),
  ].filter((id) => !listed.has(id));
  const references = new Map<number, string>();
  if (ends.length) {
    const rows = rowsOf<{ requirement_id: number; reference: string }>(
      await db.execute(sql`select distinct on (e.requirement_id) e.requirement_id, s.content->>'reference' as reference
          from baseline_documents bd
          join baseline_manifests m on m.id = bd.manifest_id
          cross join unnest(m.requirement_ids, m.state_ids) as e(requirement_id, state_id)
          join baseline_states s on s.id = e.state_id
         where bd.baseline_id = any(${`{${sides.join(',')}}`}::int[])
           and e.requirement_id = any(${`{${ends.join(',')}}`}::int[])
         order by e.requirement_id, (bd.baseline_id = ${from.id})`),
    );
    for (const row of rows) references.set(Number(row.requirement_id), row.reference);
  }
  const t = redlineTexts(lang);
  return {
    projectId: from.projectId,
    input: {
      comparison,
      project: project?.name ?? '',
      from: from.name,
      to: to ? to.name : t('now'),
      date: now,
      lang,
      authors,
      documents,
      references,
    },
  };
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { exportLinkAnswer, idSchema, type Language } from '@reqloom/domain';
import type { AuditFact } from '../../core/audit';
import type { AppContext } from '../../core/context';
import type { User } from '../../core/identity';
import { notFound } from '../../core/errors';
import type { Db } from '../../db/client';
import { baselineDocuments, projects, reviewSignatures } from '../../db/schema';
import { access } from '../../http/access';
import { currentUser } from '../../http/authenticate';
import { loadedProject } from '../../http/loaded';
import { findProjectForUser } from '../../policies/project-access';
import { can } from '../../policies/policy';
import { baselineContentHash } from '../baselines/baselines.content-hash';
import { findBaseline } from '../baselines/baselines.presenter';
import { reviewById } from '../reviews/reviews.locators';
import { findReview, presentFeedback, presentReview, presentSignature } from '../reviews/reviews.presenter';
import { keptExportData } from './baseline-exports';
import { createDownloadLink } from './downloads.service';
import type { ExportThread } from './export-off-thread';
import type { ReviewWordInput } from './word/review-word';
import { reviewTexts } from './word/review-texts';

/** What a review's link keeps, read back when it is followed. */
const linkParams = z.object({ review_id: idSchema });
/** One read-only instant: the review, its signatures and its baseline's content read together. */
const SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/** GET reviews/exportmsword/{id} (any member, decisions §23): a one-time link, the file built when it is followed. */
export function reviewExportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/reviews/exportmsword/:id',
    {
      config: { access: access.project(reviewById) },
      schema: {
        tags: ['reviews'],
        summary:
          'A one-time link (10 minutes) to the review as a .docx: the reviewed content, the feedback and a signature page',
        params: z.object({ id: idSchema }),
        response: { 200: exportLinkAnswer },
      },
    },
    async (request) => {
      const url = await createDownloadLink(ctx.db, {
        userId: currentUser(request).id,
        kind: 'review_msword',
        projectId: loadedProject(request).id,
        params: { review_id: request.params.id },
      });
      return { url };
    },
  );
}

export type ReviewFile = { data: Buffer; name: string; projectId: number; fact: AuditFact };

/**
 * Follows a review's link (taken by the caller): 404 when its user is no longer a viewer of the project or the
 * review is gone since; else the file, built on the export thread.
 */
export async function reviewFile(
  db: Db,
  thread: ExportThread,
  link: { projectId: number | null; params: Record<string, unknown> | null },
  user: User,
  lang: Language,
): Promise<ReviewFile> {
  const read = linkParams.safeParse(link.params ?? {});
  if (link.projectId === null || !read.success) throw notFound();
  const found = await findProjectForUser(db, link.projectId, user.id);
  if (
    !found ||
    !can(user, { do: 'project.call', project: { id: found.project.id, role: found.role }, least: 'viewer' })
  )
    throw notFound();
  const now = new Date();
  const input = await db.transaction(
    (tx) => reviewWordInput(tx, read.data.review_id, found.project.id, lang, now),
    SNAPSHOT,
  );
  const built = await thread.build({ kind: 'review', input });
  return {
    data: built.data,
    name: reviewTexts(lang)('title', { title: input.review.title }),
    projectId: found.project.id,
    fact: {
      action: 'exported',
      entityType: 'review',
      entityId: read.data.review_id,
      reference: input.review.title,
      changes: { format: { new: 'msword' }, content_hash: { new: input.contentHash } },
    },
  };
}

/**
 * What the review's file shows: its current baseline's documents (in id order, as the content hash reads them), each
 * exported as the baseline's Word export exports it; the feedback given on that baseline, requirements' first (in
 * reading order) then the review's; every signature of the review with its revocation.
 */
async function reviewWordInput(
  db: Db,
  reviewId: number,
  projectId: number,
  lang: Language,
  now: Date,
): Promise<ReviewWordInput> {
  const row = await findReview(db, reviewId);
  if (!row || row.projectId !== projectId) throw notFound();
  const baseline = await findBaseline(db, row.baselineId);
  if (!baseline) throw notFound();
  const [review, feedback, signatures, documentIds, [project], contentHash] = await Promise.all([
    presentReview(db, row),
    presentFeedback(db, row.id),
    db
      .select()
      .from(reviewSignatures)
      .where(eq(reviewSignatures.reviewId, row.id))
      .orderBy(asc(reviewSignatures.signedAt), asc(reviewSignatures.id)),
    db
      .select({ id: baselineDocuments.documentId })
      .from(baselineDocuments)
      .where(eq(baselineDocuments.baselineId, baseline.id))
      .orderBy(asc(baselineDocuments.documentId)),
    db.select({ name: projects.name }).from(projects).where(eq(projects.id, projectId)),
    baselineContentHash(db, baseline.id),
  ]);
  const documents = [];
  for (const { id } of documentIds) documents.push((await keptExportData(db, baseline.id, id)).data);
  const place = new Map<number, { at: number; label: string }>();
  let at = 0;
  for (const d of documents)
    for (const q of d.requirements) place.set(q.id, { at: at++, label: `${q.reference} - ${q.name}` });
  const current = feedback
    .filter((f) => f.baseline_id === baseline.id)
    .sort(
      (a, b) =>
        (a.requirement_id === null ? Infinity : (place.get(a.requirement_id)?.at ?? Infinity)) -
          (b.requirement_id === null ? Infinity : (place.get(b.requirement_id)?.at ?? Infinity)) || a.id - b.id,
    );
  return {
    review: {
      title: review.title,
      description: review.description,
      project: project?.name ?? '',
      state: review.state,
      approved: review.approved,
      revision: review.revision,
      moderator: review.moderator?.name ?? null,
    },
    baseline: { id: baseline.id, name: baseline.name, createdAt: baseline.createdAt },
    contentHash,
    documents,
    feedback: current.map((f) => ({
      requirement: f.requirement_id === null ? null : (place.get(f.requirement_id)?.label ?? `#${f.requirement_id}`),
      kind: f.kind,
      content: f.content,
      author: f.author?.name ?? null,
      at: new Date(f.created_at),
      resolved: f.resolved,
    })),
    signatures: signatures.map(presentSignature).map((s) => ({
      signer: s.user.name,
      meaning: s.meaning,
      signedAt: new Date(s.signed_at),
      baselineId: s.baseline_id,
      contentHash: s.content_hash,
      revocation: s.revocation ? { at: new Date(s.revocation.at), reason: s.revocation.reason } : null,
    })),
    lang,
    now,
  };
}

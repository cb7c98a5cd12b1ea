import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createFeedbackBody,
  createReviewBody,
  idSchema,
  putVerdictBody,
  republishReviewBody,
  reviewDetailPresented,
  reviewFeedbackPresented,
  reviewPresented,
  updateFeedbackBody,
} from '@reqloom/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { reviewFeedback } from '../../db/schema';
import { access, projectById } from '../../http/access';
import { loadedProject } from '../../http/loaded';
import { inWork } from '../../http/work';
import { reviewInvitationMail } from '../../mail/templates';
import { projectInBody } from '../working-area/core/locators';
import { SNAPSHOT_ISOLATION } from '../baselines/baselines.service';
import { addFeedback, putVerdict, resolveFeedback, type FeedbackRow } from './reviews.feedback';
import { reviewById, reviewFeedbackById } from './reviews.locators';
import { findReview, presentProjectReviews, presentReview, presentReviewDetail } from './reviews.presenter';
import { authorizedReview } from './reviews.authorize';
import { closeReview, deleteReview, republishReview, reviewLink, startReview } from './reviews.service';

/**
 * Reviews (decisions §23): editors start them and moderate their own, participants give feedback, approvers give
 * verdicts, every member reads them. Signing, its revocation and the Word export are routes of their own.
 */
export function reviewRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reviews'];
  const params = z.object({ id: idSchema });
  const one = z.object({ data: reviewPresented });
  const feedbackOne = z.object({ data: reviewFeedbackPresented });
  const userId = (request: FastifyRequest) => request.auth!.user.id;

  r.post(
    '/api/reviews',
    {
      config: { access: access.project(projectInBody, { least: 'editor' }) },
      schema: { tags, body: createReviewBody, response: { 201: one } },
    },
    async (request, reply) => {
      const project = loadedProject(request);
      const { review, invitations, link } = await inWork(
        ctx,
        request,
        async (work) => {
          const started = await startReview(work, project, request.body, userId(request));
          return { ...started, link: await reviewLink(work, ctx.config.appUrl, project, started.review.id) };
        },
        'key share',
        SNAPSHOT_ISOLATION,
      );
      // Once committed: a mail that fails is logged, and the review stands (the link is also in the app).
      const moderator = request.auth!.user.name;
      const sent = await Promise.allSettled(
        invitations.map((invitation) =>
          ctx.mailer.send(
            reviewInvitationMail(
              invitation.lang,
              invitation.to,
              {
                title: review.title,
                project: project.name,
                moderator,
                role: invitation.role,
                dueDate: review.due_date,
              },
              link,
            ),
          ),
        ),
      );
      for (const result of sent)
        if (result.status === 'rejected') request.log.error({ err: result.reason }, 'review invitation not sent');
      return reply.code(201).send({ data: review });
    },
  );

  r.get(
    '/api/projects/reviews/:id',
    {
      config: { access: access.project(projectById) },
      schema: { tags, params, response: { 200: z.object({ data: z.array(reviewPresented) }) } },
    },
    async (request) => ({ data: await presentProjectReviews(ctx.db, loadedProject(request).id) }),
  );

  r.get(
    '/api/reviews/:id',
    {
      config: { access: access.project(reviewById) },
      schema: { tags, params, response: { 200: z.object({ data: reviewDetailPresented }) } },
    },
    // One read-only snapshot: the review, its verdicts and feedback as of one instant.
    async (request) => ({
      data: await ctx.db.transaction(
        async (tx) => {
          const row = await findReview(tx, request.params.id);
          if (!row) throw notFound();
          return presentReviewDetail(tx, row);
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      ),
    }),
  );

  r.post(
    '/api/reviews/feedback/:id',
    {
      config: { access: access.project(reviewById, { least: 'reviewer' }) },
      schema: { tags, params, body: createFeedbackBody, response: { 201: feedbackOne } },
    },
    async (request, reply) => {
      const data = await inWork(ctx, request, async (work) => {
        const review = await authorizedReview(work, request, request.params.id, 'review.feedback', 'share');
        return addFeedback(work, review, request.body, userId(request));
      });
      return reply.code(201).send({ data });
    },
  );

  r.put(
    '/api/reviews/feedback/:id',
    {
      config: { access: access.project(reviewFeedbackById, { least: 'reviewer' }) },
      schema: { tags, params, body: updateFeedbackBody, response: { 200: feedbackOne } },
    },
    async (request) => ({
      data: await inWork(ctx, request, async (work) => {
        const [feedback] = (await work.tx
          .select()
          .from(reviewFeedback)
          .where(eq(reviewFeedback.id, request.params.id))
          .for('update')) as FeedbackRow[];
        if (!feedback) throw notFound();
        const review = await authorizedReview(
          work,
          request,
          feedback.reviewId,
          'review.feedback.resolve',
          'share',
          feedback.authorId,
        );
        return resolveFeedback(work, review, feedback, request.body, userId(request));
      }),
    }),
  );

  r.put(
    '/api/reviews/verdict/:id',
    {
      config: { access: access.project(reviewById, { least: 'reviewer' }) },
      schema: { tags, params, body: putVerdictBody, response: { 200: one } },
    },
    async (request) => ({
      data: await inWork(ctx, request, async (work) => {
        const review = await authorizedReview(work, request, request.params.id, 'review.verdict', 'share');
        await putVerdict(work, review, request.body, userId(request));
        return presentReview(work.tx, review);
      }),
    }),
  );

  r.post(
    '/api/reviews/close/:id',
    {
      config: { access: access.project(reviewById, { least: 'editor' }) },
      schema: { tags, params, response: { 200: one } },
    },
    async (request) => ({
      data: await inWork(ctx, request, async (work) =>
        closeReview(work, await authorizedReview(work, request, request.params.id, 'review.moderate', 'update')),
      ),
    }),
  );

  r.post(
    '/api/reviews/republish/:id',
    {
      config: { access: access.project(reviewById, { least: 'editor' }) },
      schema: { tags, params, body: republishReviewBody.optional(), response: { 200: one } },
    },
    async (request) => ({
      data: await inWork(
        ctx,
        request,
        async (work) => {
          const review = await authorizedReview(work, request, request.params.id, 'review.moderate', 'update');
          return republishReview(work, loadedProject(request), review, userId(request));
        },
        'key share',
        SNAPSHOT_ISOLATION,
      ),
    }),
  );

  r.delete(
    '/api/reviews/:id',
    { config: { access: access.project(reviewById, { least: 'editor' }) }, schema: { tags, params } },
    async (request, reply) => {
      await inWork(ctx, request, async (work) =>
        deleteReview(work, await authorizedReview(work, request, request.params.id, 'review.delete', 'update')),
      );
      return reply.code(204).send();
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commentableParams,
  commentPresented,
  commentsAnswer,
  createCommentBody,
  createProjectCommentBody,
  idSchema,
  type CommentableType,
} from '@reqloom/domain';
import type { AppContext } from '../../core/context';
import { access, projectById, type ProjectLocator } from '../../http/access';
import { currentUser } from '../../http/authenticate';
import { loadedProject } from '../../http/loaded';
import { inWork } from '../../http/work';
import { categoryById, commentableInPath, documentById, requirementById } from '../working-area/core/locators';
import { presentCommentsOf } from '../../read/comments.presenter';
import { createComment, markRead } from './comments.service';

/** The path segment of each commentable's calls (`documents/comments/{id}`…) and how it finds its project. */
const KINDS: Array<{ type: CommentableType; segment: string; locate: ProjectLocator }> = [
  { type: 'project', segment: 'projects', locate: projectById },
  { type: 'document', segment: 'documents', locate: documentById },
  { type: 'category', segment: 'categories', locate: categoryById },
  { type: 'requirement', segment: 'requirements', locate: requirementById },
];

/** Comments and read markers (decisions §11). Access: members of the element's project; commenting and marking read from reviewer up (decisions §20). */
export function commentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['comments'];
  const params = z.object({ id: idSchema });
  const created = { 201: z.object({ data: commentPresented }) };

  for (const { type, segment, locate } of KINDS) {
    r.get(
      `/api/${segment}/comments/:id`,
      {
        config: { access: access.project(locate) },
        schema: {
          tags,
          summary: `The ${type}'s comments, oldest first, with the caller's read marker and unread count`,
          params,
          response: { 200: commentsAnswer },
        },
      },
      async (request) => presentCommentsOf(ctx.db, { type, id: request.params.id }, currentUser(request).id),
    );
  }

  // The project's call comments any element of the project, named in the body.
  r.post(
    '/api/projects/comment/:id',
    {
      config: { access: access.project(projectById, { least: 'reviewer' }) },
      schema: {
        tags,
        summary: 'Comments the project or one of its elements (sanitised, 1–10,000 characters); sends CommentCreated',
        params,
        body: createProjectCommentBody,
        response: created,
      },
    },
    async (request, reply) => {
      const { commentable_type: type, commentable_id: id, content } = request.body;
      const data = await inWork(ctx, request, (work) =>
        createComment(work, currentUser(request), loadedProject(request), { type, id }, content, 'body'),
      );
      return reply.code(201).send({ data });
    },
  );

  for (const { type, segment, locate } of KINDS.filter((k) => k.type !== 'project')) {
    r.post(
      `/api/${segment}/comment/:id`,
      {
        config: { access: access.project(locate, { least: 'reviewer' }) },
        schema: {
          tags,
          summary: `Comments the ${type} (sanitised, 1–10,000 characters); sends CommentCreated`,
          params,
          body: createCommentBody,
          response: created,
        },
      },
      async (request, reply) => {
        const data = await inWork(ctx, request, (work) =>
          createComment(
            work,
            currentUser(request),
            loadedProject(request),
            { type, id: request.params.id },
            request.body.content,
          ),
        );
        return reply.code(201).send({ data });
      },
    );
  }

  // Served as POST: it changes state, and a GET could be triggered cross-site (decisions §2).
  r.post(
    '/api/commentable/updatereadat/:type/:id',
    {
      config: { access: access.project(commentableInPath, { least: 'reviewer' }) },
      schema: { tags, summary: "Sets the caller's read marker on the element to now (204)", params: commentableParams },
    },
    async (request, reply) => {
      await inWork(ctx, request, (work) =>
        markRead(work, currentUser(request), loadedProject(request), request.params),
      );
      return reply.code(204).send();
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, projectMemberPresented, projectPresented, updateMemberBody } from '@reqloom/domain';
import type { AppContext } from '../../core/context';
import { access, projectById } from '../../http/access';
import { currentUser } from '../../http/authenticate';
import { loadedProject } from '../../http/loaded';
import { inWork } from '../../http/work';
import { presentMembers } from '../../read/projects.presenter';
import { changeMemberRole, removeMember, renewJoinToken } from './members.service';

/** Members, roles and the join link of a project (decisions §20). */
export function memberRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['projects'];
  const idParams = z.object({ id: idSchema });
  const memberParams = z.object({ id: idSchema, userId: idSchema });
  const maintainer = { access: access.project(projectById, { least: 'maintainer' }) };

  r.get(
    '/api/projects/members/:id',
    {
      config: { access: access.project(projectById, { least: 'viewer' }) },
      schema: { tags, params: idParams, response: { 200: z.object({ data: z.array(projectMemberPresented) }) } },
    },
    async (request) => ({ data: await presentMembers(ctx.db, loadedProject(request).id) }),
  );

  r.put(
    '/api/projects/members/:id/:userId',
    {
      config: maintainer,
      schema: {
        tags,
        params: memberParams,
        body: updateMemberBody,
        response: { 200: z.object({ data: projectMemberPresented }) },
      },
    },
    async (request) => ({
      data: await inWork(ctx, request, (work) =>
        changeMemberRole(
          work,
          currentUser(request),
          loadedProject(request).id,
          request.params.userId,
          request.body.role,
        ),
      ),
    }),
  );

  // Any member reaches the call: a member may leave, a maintainer may remove anyone; the policy tells them apart.
  r.delete(
    '/api/projects/members/:id/:userId',
    {
      config: { access: access.project(projectById, { least: 'viewer' }) },
      schema: { tags, params: memberParams },
    },
    async (request, reply) => {
      await inWork(ctx, request, (work) =>
        removeMember(work, currentUser(request), loadedProject(request).id, request.params.userId),
      );
      return reply.code(204).send();
    },
  );

  r.post(
    '/api/projects/jointoken/:id',
    { config: maintainer, schema: { tags, params: idParams, response: { 200: z.object({ data: projectPresented }) } } },
    async (request) => ({
      data: await inWork(ctx, request, (work) => renewJoinToken(work, currentUser(request), loadedProject(request).id)),
    }),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createGroupBody, groupPresented, joinBody } from '@reqloom/domain';
import type { AppContext } from '../../core/context';
import { access } from '../../http/access';
import { currentUser } from '../../http/authenticate';
import { inWork } from '../../http/work';
import { presentGroup } from './groups.presenter';
import { createGroup, joinGroup, listMyGroups } from './groups.service';

export function groupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['groups'];
  const one = { 200: z.object({ data: groupPresented }) };

  r.post(
    '/api/groups',
    { config: { access: access.user }, schema: { tags, body: createGroupBody, response: { 201: one[200] } } },
    async (request, reply) => {
      const group = await inWork(ctx, request, (work) => createGroup(work, currentUser(request), request.body));
      return reply.code(201).send({ data: presentGroup(group) });
    },
  );

  r.get(
    '/api/user/groups',
    {
      config: { access: access.user },
      schema: { tags, response: { 200: z.object({ data: z.array(groupPresented) }) } },
    },
    async (request) => ({ data: (await listMyGroups(ctx.db, currentUser(request).id)).map(presentGroup) }),
  );

  // Groups are top level; the optional namespace segment of the specification's path is accepted and ignored.
  // Each path declares exactly the parameters it has (a declared parameter its path lacks breaks OpenAPI clients).
  const slug = z.string().max(100);
  const joinPaths = [
    { url: '/api/groups/join/:slug', params: z.object({ slug }) },
    { url: '/api/groups/join/:namespace/:slug', params: z.object({ namespace: z.string().max(100), slug }) },
  ];
  for (const { url, params } of joinPaths) {
    r.post(
      url,
      {
        config: { access: access.user },
        schema: {
          tags,
          params,
          body: joinBody,
          response: one,
        },
      },
      async (request) => ({
        data: presentGroup(
          await inWork(ctx, request, (work) =>
            joinGroup(work, currentUser(request), request.params.slug, request.body.token),
          ),
        ),
      }),
    );
  }
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordBody,
  preferencesSchema,
  updatePreferencesBody,
  updateUserBody,
  userPresented,
} from '@reqloom/domain';
import type { AppContext } from '../../core/context';
import { access } from '../../http/access';
import { inWork } from '../../http/work';
import { currentUser } from '../../http/authenticate';
import { changePassword, updatePreferences, updateProfile } from './user.service';
import { presentUser } from './user.presenter';

export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['user'];
  const userAnswer = { 200: z.object({ data: userPresented }) };

  r.get('/api/user', { config: { access: access.user }, schema: { tags, response: userAnswer } }, async (request) => ({
    data: presentUser(currentUser(request)),
  }));

  r.put(
    '/api/user',
    { config: { access: access.session }, schema: { tags, body: updateUserBody, response: userAnswer } },
    async (request) => {
      const user = await updateProfile(ctx, currentUser(request), request.body);
      return { data: presentUser(user) };
    },
  );

  r.put(
    '/api/user/preferences',
    {
      config: { access: access.user },
      schema: { tags, body: updatePreferencesBody, response: { 200: z.object({ data: preferencesSchema }) } },
    },
    async (request) => ({ data: await updatePreferences(ctx, currentUser(request), request.body.preferences) }),
  );

  r.post(
    '/api/user/changepassword',
    { config: { access: access.session }, schema: { tags, body: changePasswordBody } },
    async (request, reply) => {
      const auth = request.auth;
      if (auth?.kind !== 'session') return reply.code(401).send();
      await inWork(ctx, request, (work) => changePassword(work, auth.user, request.body, auth.sessionId));
      return reply.code(204).send();
    },
  );
}

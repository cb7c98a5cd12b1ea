import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createProjectBody,
  idSchema,
  joinBody,
  projectPathParams,
  projectPresented,
  projectSettingsSchema,
  transferProjectBody,
  updateProjectBody,
  updateProjectSettingsBody,
} from '@reqloom/domain';
import type { AppContext } from '../../core/context';
import { access, projectById } from '../../http/access';
import { currentUser } from '../../http/authenticate';
import { inWork } from '../../http/work';
import { loadedProject } from '../../http/loaded';
import { projectByPath } from './projects.locators';
import { completeProjectSettings, presentProject } from '../../read/projects.presenter';
import {
  createProject,
  deleteProject,
  joinProject,
  listMyProjects,
  transferProject,
  updateProject,
  updateSettings,
} from './projects.service';

export function projectRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['projects'];
  const one = z.object({ data: projectPresented });
  const idParams = z.object({ id: idSchema });
  const byId = { access: access.project(projectById) };
  // What changes the project, its settings or its owner, or deletes it, is a maintainer's (decisions §20).
  const maintainer = { access: access.project(projectById, { least: 'maintainer' }) };
  const settingsAnswer = z.object({ data: projectSettingsSchema });

  r.post(
    '/api/projects',
    { config: { access: access.user }, schema: { tags, body: createProjectBody, response: { 201: one } } },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await inWork(ctx, request, (work) => createProject(work, currentUser(request), request.body)) }),
  );

  r.get(
    '/api/user/projects',
    {
      config: { access: access.user },
      schema: { tags, response: { 200: z.object({ data: z.array(projectPresented) }) } },
    },
    async (request) => ({ data: await listMyProjects(ctx.db, currentUser(request).id) }),
  );

  r.get(
    '/api/projects/:id',
    { config: byId, schema: { tags, params: idParams, response: { 200: one } } },
    async (request) => ({
      data: await presentProject(ctx.db, loadedProject(request), currentUser(request).id),
    }),
  );

  r.get(
    '/api/projects/showfrompath/:namespace/:slug',
    {
      config: { access: access.project(projectByPath) },
      schema: { tags, params: projectPathParams, response: { 200: one } },
    },
    async (request) => ({ data: await presentProject(ctx.db, loadedProject(request), currentUser(request).id) }),
  );

  r.put(
    '/api/projects/:id',
    { config: maintainer, schema: { tags, params: idParams, body: updateProjectBody, response: { 200: one } } },
    async (request) => ({
      data: await inWork(ctx, request, (work) =>
        updateProject(work, currentUser(request), loadedProject(request), request.body),
      ),
    }),
  );

  r.get(
    '/api/projects/settings/:id',
    { config: byId, schema: { tags, params: idParams, response: { 200: settingsAnswer } } },
    async (request) => ({ data: completeProjectSettings(loadedProject(request).settings) }),
  );

  r.put(
    '/api/projects/settings/:id',
    {
      config: maintainer,
      schema: { tags, params: idParams, body: updateProjectSettingsBody, response: { 200: settingsAnswer } },
    },
    async (request) => ({
      data: await inWork(ctx, request, (work) => updateSettings(work, loadedProject(request), request.body.settings)),
    }),
  );

  r.put(
    '/api/projects/owner/:id',
    { config: maintainer, schema: { tags, params: idParams, body: transferProjectBody, response: { 200: one } } },
    async (request) => ({
      data: await inWork(ctx, request, (work) =>
        transferProject(
          work,
          currentUser(request),
          { id: loadedProject(request).id, role: request.role },
          request.body,
        ),
      ),
    }),
  );

  r.delete('/api/projects/:id', { config: maintainer, schema: { tags, params: idParams } }, async (request, reply) => {
    await inWork(ctx, request, (work) => deleteProject(work, loadedProject(request)), 'update');
    return reply.code(204).send();
  });

  // Joining is for non-members, so it is a user route: the token is the permission.
  r.post(
    '/api/projects/join/:namespace/:slug',
    {
      config: { access: access.user },
      schema: { tags, params: projectPathParams, body: joinBody, response: { 200: one } },
    },
    async (request) => ({
      data: await inWork(ctx, request, (work) =>
        joinProject(work, currentUser(request), request.params.namespace, request.params.slug, request.body.token),
      ),
    }),
  );
}

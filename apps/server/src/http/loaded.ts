import type { FastifyRequest } from 'fastify';
import type { ProjectRow } from '../policies/project-access';

/** The project the access hook loaded; a project-scoped handler never runs without one. */
export function loadedProject(request: FastifyRequest): ProjectRow {
  if (!request.project) throw new Error('project-scoped route without its access rule');
  return request.project;
}

import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../core/context';
import type { ProjectLockStrength } from '../core/locks';
import { runWork, type Work } from '../core/work';
import { originOf } from './origin';

/**
 * Runs a route's writes as one unit of work: the caller's language, and its socket spared its own events. A
 * project-scoped route's work locks its project first (`update` only to delete it), so that every write in a project
 * takes its locks in one order (db/locks.ts).
 */
export function inWork<T>(
  ctx: AppContext,
  request: FastifyRequest,
  fn: (work: Work) => Promise<T>,
  projectLock: ProjectLockStrength = 'key share',
): Promise<T> {
  const project = request.project ? { id: request.project.id, strength: projectLock } : undefined;
  return runWork(ctx, { lang: request.lang, origin: originOf(request), project }, fn);
}

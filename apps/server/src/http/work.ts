import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { runWork, type Work } from '../work';
import { originOf } from './origin';

/** Runs a route's writes as one unit of work: the caller's language, and its socket spared its own events. */
export function inWork<T>(ctx: AppContext, request: FastifyRequest, fn: (work: Work) => Promise<T>): Promise<T> {
  return runWork(ctx, { lang: request.lang, origin: originOf(request) }, fn);
}

import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client';
import { currentUser } from '../../../http/authenticate';
import { forbidden } from '../../../core/errors';
import { can } from '../../../policies/policy';
import { requirementById } from './lookups';

/**
 * A route hook: without the alpha flag, a call about a test is 403 before its body is checked, as access comes before
 * every other check (decisions §10, §16). A new test is told by its body (still unparsed here), an existing one by its
 * row (its type read by the access check, or looked up), only for callers without the flag. The services check again
 * (they are called from elsewhere too).
 */
export function testGate(db: Db) {
  return async (request: FastifyRequest): Promise<void> => {
    if (can(currentUser(request), { do: 'feature.alpha' })) return;
    const body = request.body as { type?: unknown; test?: unknown } | null | undefined;
    if (body && typeof body === 'object' && (body.type === 'test' || body.test === true)) throw forbidden();
    // The access check read the type with the project when the route is about a requirement by id.
    if (request.requirementType !== undefined) {
      if (request.requirementType === 'test') throw forbidden();
      return;
    }
    const id = Number((request.params as { id?: string } | undefined)?.id);
    if (Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 && (await requirementById(db, id))?.type === 'test')
      throw forbidden();
  };
}

import type {
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify';
import { idSchema, type ProjectRole } from '@reqloom/domain';
import type { AppContext } from '../core/context';
import type { Db } from '../db/client';
import { can } from '../policies/policy';
import { findProjectForUser, type ProjectForUser, type ProjectRow } from '../policies/project-access';
import { authenticated, sessionOnly } from './authenticate';
import { forbidden, notFound, unauthenticated } from '../core/errors';

/** Finds which project a request is about, from its path or body. */
export type ProjectLocator = {
  /** Names the kind of id the route takes, so that the permission test can fill the path. */
  name: string;
  /** The project's id, or null when the thing named does not exist (404). */
  find(request: FastifyRequest, db: Db): Promise<number | null>;
  /**
   * Optional: finds the project together with the caller's role in one statement (the locator and the
   * access check in one round trip). Undefined when the thing named does not exist. A locator made for one
   * route may read in that statement what the route answers (`loaded`); the guard hands it to the handler
   * (`request.loaded`) only once the policy has allowed the call, and drops it otherwise.
   */
  findForUser?(
    request: FastifyRequest,
    db: Db,
    userId: number,
  ): Promise<(ProjectForUser & { loaded?: unknown; requirementType?: string }) | undefined>;
};

/**
 * Every route under /api/ declares who may call it; buildApp refuses to start with a route that does
 * not, so a route added later cannot silently skip its check.
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'user' }
  | { kind: 'session' }
  | { kind: 'project'; locate: ProjectLocator; alpha?: boolean; least?: ProjectRole; session?: boolean };

/**
 * The least role a project route needs (decisions §20). A route declares it with `access.project(locator, {least})`;
 * one that does not needs viewer to read (GET) and editor for anything else, so a route added later without a word
 * is closed to viewers and reviewers rather than open to them. The permission walk reads the same function.
 */
export function leastRole(rule: { least?: ProjectRole }, method: string | string[]): ProjectRole {
  const methods = Array.isArray(method) ? method : [method];
  return rule.least ?? (methods.every((m) => m === 'GET' || m === 'HEAD') ? 'viewer' : 'editor');
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The project a project-scoped route is about, loaded and authorised before validation. */
    project: ProjectRow | null;
    /** What the route's locator read with the access check, once the check has passed (see ProjectLocator). */
    loaded: unknown;
    /** The type of the requirement in the path, when the locator read it with the access check. */
    requirementType: string | undefined;
    /** The caller's role in `project`, read with the access check (decisions §20). */
    role: ProjectRole | null;
  }
}

export const access = {
  public: { kind: 'public' } as const,
  user: { kind: 'user' } as const,
  session: { kind: 'session' } as const,
  /** `session`: a project route that an access token may not call (signing, decisions §23): 403 before the rest. */
  project: (
    locate: ProjectLocator,
    options: { alpha?: boolean; least?: ProjectRole; session?: boolean } = {},
  ): RouteAccess => ({
    kind: 'project',
    locate,
    ...options,
  }),
};

/** Reads an integer id out of the path parameters; anything else is "does not exist". */
export function paramId(request: FastifyRequest, name = 'id'): number | null {
  const parsed = idSchema.safeParse((request.params as Record<string, unknown> | undefined)?.[name]);
  return parsed.success ? parsed.data : null;
}

export const projectById: ProjectLocator = {
  name: 'project.id',
  find: async (request) => paramId(request),
};

function projectGuard(
  ctx: AppContext,
  locator: ProjectLocator,
  alpha: boolean,
  least: ProjectRole,
): preValidationAsyncHookHandler {
  return async (request) => {
    const user = request.auth?.user;
    if (!user) throw unauthenticated();
    // The project and the caller's role come in one statement: a project deleted meanwhile is 404, not 403.
    let found: (ProjectForUser & { loaded?: unknown; requirementType?: string }) | undefined;
    if (locator.findForUser) found = await locator.findForUser(request, ctx.db, user.id);
    else {
      const id = await locator.find(request, ctx.db);
      found = id === null ? undefined : await findProjectForUser(ctx.db, id, user.id);
    }
    if (!found) throw notFound();
    const { project } = found;
    // The access check comes first, before the body is validated: a non-member, or a member below the route's
    // least role, gets 403 even from an alpha-only call or with a malformed body (decisions §10, §20).
    if (!can(user, { do: 'project.call', project: { id: project.id, role: found.role }, least })) throw forbidden();
    if (alpha && !can(user, { do: 'feature.alpha' })) throw forbidden();
    request.project = project;
    request.loaded = found.loaded;
    request.requirementType = found.requirementType;
    request.role = found.role;
  };
}

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

export function registerAccessControl(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('project', null);
  app.decorateRequest('loaded', undefined);
  app.decorateRequest('requirementType', undefined);
  app.decorateRequest('role', null);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const rule = route.config?.access;
    if (!rule) throw new Error(`${String(route.method)} ${route.url} declares no access rule`);
    const before: onRequestAsyncHookHandler[] = [];
    if (rule.kind === 'session' || (rule.kind === 'project' && rule.session)) before.push(sessionOnly);
    else if (rule.kind === 'user' || rule.kind === 'project') before.push(authenticated);
    route.onRequest = [...before, ...asArray(route.onRequest)] as typeof route.onRequest;
    if (rule.kind === 'project') {
      route.preValidation = [
        projectGuard(ctx, rule.locate, rule.alpha ?? false, leastRole(rule, route.method)),
        ...asArray(route.preValidation),
      ] as typeof route.preValidation;
    }
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessTokenPresented,
  confirmAnswer,
  confirmParams,
  forgotPasswordBody,
  generatedTokenAnswer,
  generateTokenBody,
  idSchema,
  loginBody,
  messageAnswer,
  registerBody,
  resetPasswordBody,
  sessionAnswer,
} from '@reqloom/domain';
import type { AppContext } from '../../core/context';
import { access } from '../../http/access';
import { inWork } from '../../http/work';
import { invalid, invalidMessage, notFound, unauthenticated } from '../../core/errors';
import { clientIp, enforceLimit, LIMITS } from '../../http/limits';
import { clearSessionCookie, setSessionCookie } from '../../http/session-cookie';
import { translate } from '../../i18n/messages';
import {
  checkCredentials,
  confirmAccount,
  findUserByEmail,
  register,
  resetPassword,
  sendResetLink,
} from './auth.service';
import { closeSession, extendSession, openSession } from '../../core/identity';
import { createAccessToken, listAccessTokens, revokeAccessToken } from './access-token.service';
import { presentAccessToken } from './access-token.presenter';
import { isLinked } from '../sso/sso.accounts';
import { clearSsoCookie, ssoCookieOf } from '../sso/sso.cookies';
import { completeLink } from '../sso/sso.service';

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const oidc = ctx.config.oidc;
  /**
   * With OIDC_LOCAL_PASSWORDS=false (decisions §26) an account linked to the provider uses no password here: no
   * password login, no reset. Accounts without a link keep theirs, so that their owners can still link them.
   */
  const ssoOnly = async (userId: number) =>
    Boolean(oidc && !oidc.localPasswords && (await isLinked(ctx.db, userId, oidc.issuer)));

  r.post(
    '/api/auth/register',
    { config: { access: access.public }, schema: { tags, body: registerBody, response: { 201: messageAnswer } } },
    async (request, reply) => {
      enforceLimit(ctx, `register:${clientIp(request)}`, LIMITS.registerPerIp);
      // Without local passwords, accounts come from the provider's first login.
      if (oidc && !oidc.localPasswords) throw invalidMessage('auth.sso_registration_closed');
      await register(ctx, request.body, request.lang);
      return reply.code(201).send({ message: translate(request.lang, 'auth.registered') });
    },
  );

  r.get(
    '/api/auth/confirm/:username/:token',
    {
      config: { access: access.public },
      schema: {
        tags,
        params: confirmParams,
        response: { 200: confirmAnswer, 422: confirmAnswer.extend({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      const session = await confirmAccount(ctx, request.params.username, request.params.token);
      if (!session) {
        const error = translate(request.lang, 'auth.confirm_invalid');
        return reply.code(422).send({ message: error, confirmed: false, error });
      }
      setSessionCookie(reply, ctx.config, session.token);
      return { confirmed: true, error: null, expires_at: session.expiresAt.toISOString() };
    },
  );

  r.post(
    '/api/auth/login',
    { config: { access: access.public }, schema: { tags, body: loginBody, response: { 200: sessionAnswer } } },
    async (request, reply) => {
      enforceLimit(ctx, `login:${clientIp(request)}|${request.body.email}`, LIMITS.loginPerIpAndEmail);
      const result = await checkCredentials(ctx.db, request.body.email, request.body.password);
      if (!result.ok) throw invalid({ email: [result.reason === 'failed' ? 'auth.failed' : 'auth.unconfirmed'] });
      if (await ssoOnly(result.user.id)) throw invalid({ email: ['auth.sso_only'] });
      // The password proves the account is the caller's: a provider identity waiting for it is linked now.
      const linkToken = ssoCookieOf(request.cookies, 'link');
      if (oidc && linkToken) {
        await completeLink(ctx.db, oidc, result.user.id, linkToken);
        clearSsoCookie(reply, ctx.config, 'link');
      }
      const session = await openSession(ctx.db, result.user.id);
      setSessionCookie(reply, ctx.config, session.token);
      return { success: true as const, expires_at: session.expiresAt.toISOString() };
    },
  );

  r.post(
    '/api/auth/refresh',
    { config: { access: access.user }, schema: { tags, response: { 200: sessionAnswer } } },
    async (request) => {
      const auth = request.auth;
      if (!auth) throw unauthenticated();
      const expiresAt =
        auth.kind === 'session' ? await extendSession(ctx.db, auth.sessionId) : new Date(Date.now() + 600_000);
      return { success: true as const, expires_at: expiresAt.toISOString() };
    },
  );

  r.post('/api/auth/logout', { config: { access: access.public }, schema: { tags } }, async (request, reply) => {
    const auth = request.auth;
    if (auth?.kind === 'session')
      await inWork(ctx, request, async (work) => {
        await closeSession(work.tx, auth.sessionId);
        work.record({ name: 'SessionEnded', sessionId: auth.sessionId });
      });
    clearSessionCookie(reply, ctx.config);
    return reply.code(204).send();
  });

  r.post(
    '/api/auth/forgotpassword',
    { config: { access: access.public }, schema: { tags, body: forgotPasswordBody, response: { 200: messageAnswer } } },
    async (request) => {
      enforceLimit(ctx, `forgot:${request.body.email}`, LIMITS.passwordPerEmail);
      const user = await findUserByEmail(ctx.db, request.body.email);
      if (user && (await ssoOnly(user.id))) throw invalidMessage('auth.sso_only');
      await sendResetLink(ctx, request.body.email, request.lang);
      return { message: translate(request.lang, 'auth.reset_link_sent') };
    },
  );

  r.post(
    '/api/auth/resetpassword',
    {
      config: { access: access.public },
      schema: { tags, body: resetPasswordBody, response: { 200: messageAnswer.extend({ expires_at: z.string() }) } },
    },
    async (request, reply) => {
      enforceLimit(ctx, `reset:${request.body.email}`, LIMITS.passwordPerEmail);
      const user = await findUserByEmail(ctx.db, request.body.email);
      if (user && (await ssoOnly(user.id))) throw invalidMessage('auth.sso_only');
      const session = await inWork(ctx, request, (work) => resetPassword(work, request.body));
      setSessionCookie(reply, ctx.config, session.token);
      return { message: translate(request.lang, 'auth.password_reset'), expires_at: session.expiresAt.toISOString() };
    },
  );

  r.post(
    '/api/auth/generatetoken',
    {
      config: { access: access.session },
      schema: { tags, body: generateTokenBody, response: { 201: generatedTokenAnswer } },
    },
    async (request, reply) => {
      const token = await createAccessToken(ctx.db, request.auth!.user.id, request.body.name);
      return reply.code(201).send({ data: { token } });
    },
  );

  r.get(
    '/api/user/tokens',
    {
      config: { access: access.session },
      schema: { tags, response: { 200: z.object({ data: z.array(accessTokenPresented) }) } },
    },
    async (request) => {
      const tokens = await listAccessTokens(ctx.db, request.auth!.user.id);
      return { data: tokens.map(presentAccessToken) };
    },
  );

  r.delete(
    '/api/user/tokens/:id',
    { config: { access: access.session }, schema: { tags, params: z.object({ id: idSchema }) } },
    async (request, reply) => {
      await inWork(ctx, request, async (work) => {
        if (!(await revokeAccessToken(work.tx, request.auth!.user.id, request.params.id))) throw notFound();
        work.record({ name: 'AccessTokenRevoked', tokenId: request.params.id });
      });
      return reply.code(204).send();
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ssoCallbackQuery, ssoInfoAnswer, ssoStartQuery } from '@reqloom/domain';
import type { AppContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { access } from '../../http/access';
import { currentUser } from '../../http/authenticate';
import { setSessionCookie } from '../../http/session-cookie';
import { isLinked } from './sso.accounts';
import { clearSsoCookie, setSsoCookie, ssoCookieOf } from './sso.cookies';
import { safeReturnTo, signedInLanding, withParam } from './sso.return-to';
import { finishFlow, startFlow } from './sso.service';

/**
 * Single sign-on with OpenID Connect (decisions §26): the authorization code flow with PKCE, state and nonce kept
 * server-side (oidc_flows) and bound to the browser by a cookie. The browser navigates to these routes (they answer
 * redirects, not JSON): a refusal comes back to the login page as `?sso_error=<reason>`, which it explains.
 */
export function ssoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const oidcConfig = ctx.config.oidc;

  r.get(
    '/api/auth/oidc',
    { config: { access: access.public }, schema: { tags, response: { 200: ssoInfoAnswer } } },
    async (request) => {
      if (!oidcConfig) return { enabled: false, display_name: null, local_passwords: true, linked: false };
      const user = request.auth?.user;
      return {
        enabled: true,
        display_name: oidcConfig.displayName,
        local_passwords: oidcConfig.localPasswords,
        linked: user ? await isLinked(ctx.db, user.id, oidcConfig.issuer) : false,
      };
    },
  );

  r.get(
    '/api/auth/oidc/login',
    { config: { access: access.public }, schema: { tags, querystring: ssoStartQuery } },
    async (request, reply) => {
      if (!oidcConfig) throw notFound();
      const returnTo = safeReturnTo(request.query.return_to);
      try {
        const { url, state } = await startFlow(ctx.db, oidcConfig, { kind: 'login' }, returnTo);
        setSsoCookie(reply, ctx.config, 'state', state);
        return reply.redirect(url);
      } catch {
        return reply.redirect('/login?sso_error=provider');
      }
    },
  );

  r.get(
    '/api/auth/oidc/reauth',
    { config: { access: access.session }, schema: { tags, querystring: ssoStartQuery } },
    async (request, reply) => {
      if (!oidcConfig) throw notFound();
      const user = currentUser(request);
      const returnTo = safeReturnTo(request.query.return_to);
      try {
        const { url, state } = await startFlow(ctx.db, oidcConfig, { kind: 'reauth', userId: user.id }, returnTo);
        setSsoCookie(reply, ctx.config, 'state', state);
        return reply.redirect(url);
      } catch {
        return reply.redirect(withParam(returnTo, 'reauth_error', 'provider'));
      }
    },
  );

  r.get(
    '/api/auth/oidc/callback',
    { config: { access: access.public }, schema: { tags, querystring: ssoCallbackQuery } },
    async (request, reply) => {
      if (!oidcConfig) throw notFound();
      const browserState = ssoCookieOf(request.cookies, 'state');
      clearSsoCookie(reply, ctx.config, 'state');
      const outcome = await finishFlow(ctx.db, oidcConfig, request.query, browserState, request.lang);
      switch (outcome.kind) {
        case 'session':
          setSessionCookie(reply, ctx.config, outcome.session.token);
          return reply.redirect(signedInLanding(outcome.returnTo));
        case 'link':
          setSsoCookie(reply, ctx.config, 'link', outcome.linkToken);
          return reply.redirect('/login?sso_link=1');
        case 'proof':
          setSsoCookie(reply, ctx.config, 'reauth', outcome.proofToken);
          return reply.redirect(withParam(outcome.returnTo, 'reauth', 'ok'));
        case 'refused':
          request.log.warn({ sso: outcome.reason, detail: outcome.detail }, 'single sign-on refused');
          if (outcome.reauthReturnTo)
            return reply.redirect(withParam(outcome.reauthReturnTo, 'reauth_error', outcome.reason));
          return reply.redirect(`/login?sso_error=${outcome.reason}`);
      }
    },
  );
}

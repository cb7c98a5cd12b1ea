import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, revokeSignatureBody, signaturePresented, signReviewBody } from '@reqloom/domain';
import type { AppContext } from '../../core/context';
import { forbidden, invalid, notFound } from '../../core/errors';
import { isLinked } from '../sso/sso.accounts';
import { clearSsoCookie, ssoCookieOf } from '../sso/sso.cookies';
import { consumeReauthProof } from '../sso/sso.service';
import { access } from '../../http/access';
import { currentUser } from '../../http/authenticate';
import { clientIp, enforceLimit, LIMITS } from '../../http/limits';
import { loadedProject } from '../../http/loaded';
import { inWork } from '../../http/work';
import { can } from '../../policies/policy';
import { reviewById } from './reviews.locators';
import { findReview } from './reviews.presenter';
import { assertOpen } from './reviews.service';
import { assertPasswordAgain, findSignature, reviewFactsFor, revokeSignature, signReview } from './signatures.service';

/**
 * Electronic signatures (decisions §23). Both routes re-authenticate: a session only (an access token: 403 before
 * anything else), and the password again, counted on the login's own limiter under the login's key (the caller's
 * address and e-mail), so that guessing a password by signing costs what guessing it by logging in costs.
 */
export function signatureRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reviews'];
  const params = z.object({ id: idSchema });
  const config = { access: access.project(reviewById, { least: 'reviewer', session: true }) };
  const one = z.object({ data: signaturePresented });

  /**
   * A local account types its password again; an account linked to single sign-on brings a fresh login at the
   * provider instead (decisions §26): the proof cookie of GET auth/oidc/callback, consumed here, whatever the outcome.
   */
  const passwordAgain = async (request: FastifyRequest, reply: FastifyReply, password: string | undefined) => {
    const user = currentUser(request);
    const oidc = ctx.config.oidc;
    if (oidc && (await isLinked(ctx.db, user.id, oidc.issuer))) {
      clearSsoCookie(reply, ctx.config, 'reauth');
      if (!(await consumeReauthProof(ctx.db, user.id, ssoCookieOf(request.cookies, 'reauth'))))
        throw invalid({ password: ['auth.reauth_required'] });
      return;
    }
    enforceLimit(ctx, `login:${clientIp(request)}|${user.email}`, LIMITS.loginPerIpAndEmail);
    if (password === undefined) throw invalid({ password: ['validation.required'] });
    await assertPasswordAgain(ctx.db, user.id, password);
  };

  r.post(
    '/api/reviews/sign/:id',
    { config, schema: { tags, params, body: signReviewBody, response: { 201: one } } },
    async (request, reply) => {
      const user = currentUser(request);
      const review = await findReview(ctx.db, request.params.id);
      if (!review) throw notFound();
      const project = { id: loadedProject(request).id, role: request.role };
      const facts = await reviewFactsFor(ctx.db, review, user.id);
      if (!can(user, { do: 'review.sign', project, review: facts })) throw forbidden();
      assertOpen(review);
      await passwordAgain(request, reply, request.body.password);
      const data = await inWork(ctx, request, (work) => signReview(work, review.id, user, request.body.meaning));
      return reply.code(201).send({ data });
    },
  );

  r.post(
    '/api/reviews/revokesignature/:id',
    { config, schema: { tags, params, body: revokeSignatureBody, response: { 200: one } } },
    async (request, reply) => {
      const user = currentUser(request);
      const review = await findReview(ctx.db, request.params.id);
      if (!review) throw notFound();
      const signature = await findSignature(ctx.db, review.id, request.body.signature_id);
      const project = { id: loadedProject(request).id, role: request.role };
      // Someone else's signature is refused as forbidden; one that is not the review's is the service's 422.
      if (signature && !can(user, { do: 'review.signature.revoke', project, signerId: signature.userId }))
        throw forbidden();
      assertOpen(review);
      await passwordAgain(request, reply, request.body.password);
      return { data: await inWork(ctx, request, (work) => revokeSignature(work, review.id, user, request.body)) };
    },
  );
}

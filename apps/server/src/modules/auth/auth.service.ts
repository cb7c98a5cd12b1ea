import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  CONFIRM_TOKEN_TTL_MS,
  DEFAULT_PREFERENCES,
  RESET_TOKEN_TTL_MS,
  type Language,
  type RegisterBody,
  type ResetPasswordBody,
} from '@reqloom/domain';
import type { AppContext } from '../../core/context';
import type { Work } from '../../core/work';
import type { Db } from '../../db/client';
import { accessTokens, groups, mailTokens, users } from '../../db/schema';
import { invalid, invalidMessage, type FieldErrors } from '../../core/errors';
import { confirmAccountMail, resetPasswordMail } from '../../mail/templates';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../security/password';
import { hashToken, randomToken } from '../../security/tokens';
import { isUniqueViolation } from '../../db/errors';
import { closeOtherSessions, openSession, type User } from '../../core/identity';

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return user;
}

/** Username and e-mail must be free; usernames share one namespace with group slugs (checked there too). */
async function registrationConflicts(db: Db, body: { username: string; email: string }): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const [byName] = await db.select({ id: users.id }).from(users).where(eq(users.username, body.username)).limit(1);
  const [byGroup] = await db.select({ id: groups.id }).from(groups).where(eq(groups.slug, body.username)).limit(1);
  if (byName || byGroup) errors.username = ['validation.username_taken'];
  if (await findUserByEmail(db, body.email)) errors.email = ['validation.email_taken'];
  return errors;
}

async function issueMailToken(db: Db, userId: number, purpose: 'confirm' | 'reset', ttlMs: number): Promise<string> {
  const token = randomToken();
  // A new link replaces the ones sent before, so only the newest mail works.
  await db.delete(mailTokens).where(and(eq(mailTokens.userId, userId), eq(mailTokens.purpose, purpose)));
  await db
    .insert(mailTokens)
    .values({ userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

export async function register(ctx: AppContext, body: RegisterBody, lang: Language): Promise<void> {
  const conflicts = await registrationConflicts(ctx.db, body);
  if (Object.keys(conflicts).length > 0) throw invalid(conflicts);
  const passwordHash = await hashPassword(body.password);
  let user: User;
  try {
    [user] = (await ctx.db
      .insert(users)
      .values({
        name: body.name,
        username: body.username,
        email: body.email,
        passwordHash,
        preferences: { ...DEFAULT_PREFERENCES, lang },
      })
      .returning()) as [User];
  } catch (error) {
    // Two registrations racing for the same name: the unique index decides, the loser gets a 422.
    if (isUniqueViolation(error)) throw invalid(await registrationConflicts(ctx.db, body));
    throw error;
  }
  const token = await issueMailToken(ctx.db, user.id, 'confirm', CONFIRM_TOKEN_TTL_MS);
  // The page the newcomer came for (a join link) rides along, so that confirming brings them there.
  const back = body.from ? `?from=${encodeURIComponent(body.from)}` : '';
  const link = `${ctx.config.appUrl}/confirm/${encodeURIComponent(user.username)}/${token}${back}`;
  await ctx.mailer.send(confirmAccountMail(lang, user, link));
}

/** Consumes a mail token of the given purpose; answers the token's user or null when not valid. */
async function consumeMailToken(db: Db, purpose: 'confirm' | 'reset', token: string, userId: number) {
  const [row] = await db
    .update(mailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(mailTokens.tokenHash, hashToken(token)),
        eq(mailTokens.purpose, purpose),
        eq(mailTokens.userId, userId),
        isNull(mailTokens.usedAt),
        gt(mailTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  return row ?? null;
}

export async function confirmAccount(
  ctx: AppContext,
  username: string,
  token: string,
): Promise<{ token: string; expiresAt: Date } | null> {
  const [user] = await ctx.db.select().from(users).where(eq(users.username, username)).limit(1);
  if (!user) return null;
  return ctx.db.transaction(async (tx) => {
    const used = await consumeMailToken(tx, 'confirm', token, user.id);
    if (!used) return null;
    await tx.update(users).set({ confirmedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, user.id));
    return openSession(tx, user.id);
  });
}

export type LoginResult = { ok: true; user: User } | { ok: false; reason: 'failed' | 'unconfirmed' };

export async function checkCredentials(db: Db, email: string, password: string): Promise<LoginResult> {
  const user = await findUserByEmail(db, email);
  if (!user) {
    await verifyAgainstDummy(password);
    return { ok: false, reason: 'failed' };
  }
  if (!(await verifyPassword(password, user.passwordHash))) return { ok: false, reason: 'failed' };
  // Only someone who knows the password learns that the account awaits confirmation.
  if (!user.confirmedAt) return { ok: false, reason: 'unconfirmed' };
  return { ok: true, user };
}

export async function sendResetLink(ctx: AppContext, email: string, lang: Language): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) throw invalidMessage('auth.unknown_email');
  const token = await issueMailToken(ctx.db, user.id, 'reset', RESET_TOKEN_TTL_MS);
  await ctx.mailer.send(resetPasswordMail(lang, user, `${ctx.config.appUrl}/resetpassword/${token}`));
}

/**
 * Sets the new password, ends every session of the user and opens one for the caller. Following the
 * mailed link proves the address, so an unconfirmed account becomes confirmed too.
 */
export async function resetPassword(work: Work, body: ResetPasswordBody) {
  const { tx } = work;
  const user = await findUserByEmail(tx, body.email);
  if (!user) throw invalidMessage('auth.reset_invalid');
  const passwordHash = await hashPassword(body.password);
  const used = await consumeMailToken(tx, 'reset', body.token, user.id);
  if (!used) throw invalidMessage('auth.reset_invalid');
  await tx
    .update(users)
    .set({ passwordHash, confirmedAt: user.confirmedAt ?? new Date(), updatedAt: new Date() })
    .where(eq(users.id, user.id));
  await closeOtherSessions(tx, user.id);
  // A reset is how an account is taken back: whatever held its sessions or tokens is shut out, live
  // connections included.
  await tx.delete(accessTokens).where(eq(accessTokens.userId, user.id));
  work.record({ name: 'UserSessionsEnded', userId: user.id, tokens: true });
  return openSession(tx, user.id);
}

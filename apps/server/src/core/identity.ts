import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { SESSION_LIFETIME_MS } from '@reqloom/domain';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { accessTokens, sessions, users } from '../db/schema';
import { hashToken, randomToken } from '../security/tokens';

export type User = typeof users.$inferSelect;
export type Auth =
  { kind: 'session'; user: User; sessionId: number; expiresAt: Date } | { kind: 'token'; user: User; tokenId: number };

// Sliding sessions are written back at most this often, so that a busy client does not write on every call.
const EXTEND_GRANULARITY_MS = 15_000;
export const TOKEN_TOUCH_GRANULARITY_MS = 60_000;

export async function openSession(db: Db, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt });
  // Expired rows of this user are of no use to anyone; removing them here keeps the table small.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())));
  return { token, expiresAt };
}

// Every authenticated call starts with one of these two lookups: prepared, one statement each.
const sessionByTokenHash = (db: Db) =>
  prepared(db, 'session_by_token_hash', (d) =>
    d
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), gt(sessions.expiresAt, sql.placeholder('now'))))
      .limit(1)
      .prepare('session_by_token_hash'),
  );

const accessTokenByHash = (db: Db) =>
  prepared(db, 'access_token_by_hash', (d) =>
    d
      .select({ token: accessTokens, user: users })
      .from(accessTokens)
      .innerJoin(users, eq(users.id, accessTokens.userId))
      .where(eq(accessTokens.tokenHash, sql.placeholder('hash')))
      .limit(1)
      .prepare('access_token_by_hash'),
  );

export const resolveSession = (db: Db, token: string) => resolveSessionByHash(db, hashToken(token));

export async function resolveSessionByHash(db: Db, hash: string): Promise<Auth | null> {
  const [row] = await sessionByTokenHash(db).execute({ hash, now: new Date() });
  if (!row) return null;
  return { kind: 'session', user: row.user, sessionId: row.session.id, expiresAt: row.session.expiresAt };
}

/**
 * Slides a session after a successful call (decisions §3), writing at most every EXTEND_GRANULARITY_MS. Answers the
 * new expiry, or null when nothing was written: not due yet, or the session ended or expired meanwhile.
 */
export async function slideSession(db: Db, auth: Auth & { kind: 'session' }): Promise<Date | null> {
  const target = new Date(Date.now() + SESSION_LIFETIME_MS);
  if (target.getTime() - auth.expiresAt.getTime() <= EXTEND_GRANULARITY_MS) return null;
  const slid = await db
    .update(sessions)
    .set({ expiresAt: target })
    .where(and(eq(sessions.id, auth.sessionId), gt(sessions.expiresAt, new Date())))
    .returning({ id: sessions.id });
  return slid.length > 0 ? target : null;
}

export const resolveAccessToken = (db: Db, token: string) => resolveAccessTokenByHash(db, hashToken(token));

export async function resolveAccessTokenByHash(db: Db, hash: string): Promise<Auth | null> {
  const [row] = await accessTokenByHash(db).execute({ hash });
  if (!row) return null;
  const last = row.token.lastUsedAt;
  if (!last || Date.now() - last.getTime() > TOKEN_TOUCH_GRANULARITY_MS) await touchAccessToken(db, row.token.id);
  return { kind: 'token', user: row.user, tokenId: row.token.id };
}

/** A token's last use, shown in its list, is written at most once a TOKEN_TOUCH_GRANULARITY_MS. */
export async function touchAccessToken(db: Db, tokenId: number): Promise<void> {
  await db.update(accessTokens).set({ lastUsedAt: new Date() }).where(eq(accessTokens.id, tokenId));
}

/** Extends a session to a full lifetime from now (POST auth/refresh). */
export async function extendSession(db: Db, sessionId: number): Promise<Date> {
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
  return expiresAt;
}

export async function closeSession(db: Db, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, but the one given (after a password change or reset). */
export async function closeOtherSessions(db: Db, userId: number, keepSessionId?: number): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId),
    );
}

/** When a session expires now (it slides), or null when it is gone. */
export async function sessionExpiry(db: Db, sessionId: number): Promise<Date | null> {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row?.expiresAt ?? null;
}

export async function accessTokenExists(db: Db, tokenId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: accessTokens.id })
    .from(accessTokens)
    .where(eq(accessTokens.id, tokenId))
    .limit(1);
  return row !== undefined;
}

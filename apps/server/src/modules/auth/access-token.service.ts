import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accessTokens } from '../../db/schema';
import { hashToken, randomToken } from '../../security/tokens';

/** Answers the token itself once; only its hash is kept. The prefix makes leaked tokens easy to spot. */
export async function createAccessToken(db: Db, userId: number, name: string): Promise<string> {
  const token = randomToken('rql_');
  await db.insert(accessTokens).values({ userId, name, tokenHash: hashToken(token) });
  return token;
}

export function listAccessTokens(db: Db, userId: number) {
  return db.select().from(accessTokens).where(eq(accessTokens.userId, userId)).orderBy(asc(accessTokens.id));
}

export async function revokeAccessToken(db: Db, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(accessTokens)
    .where(and(eq(accessTokens.id, id), eq(accessTokens.userId, userId)))
    .returning({ id: accessTokens.id });
  return deleted.length > 0;
}

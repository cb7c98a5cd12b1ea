import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oidcFlows } from '../../db/schema';
import { hashToken, randomToken } from '../../security/tokens';

export type FlowKind = (typeof oidcFlows.$inferSelect)['kind'];
export type FlowRow = typeof oidcFlows.$inferSelect;

/** How long a record waits: a trip to the provider (with its login page), a pending link, a re-auth proof. */
export const FLOW_TTL_MS: Record<FlowKind, number> = {
  login: 10 * 60_000,
  reauth: 10 * 60_000,
  link: 10 * 60_000,
  proof: 5 * 60_000,
};

/** Stores a record and answers the token that names it (the `state` of a flow, or a cookie's value). */
export async function createFlow(
  db: Db,
  kind: FlowKind,
  values: Partial<Pick<FlowRow, 'userId' | 'nonce' | 'codeVerifier' | 'subject' | 'returnTo'>>,
  token: string = randomToken(),
): Promise<string> {
  // Expired records are of no use to anyone; removing them here keeps the table small.
  await db.delete(oidcFlows).where(lt(oidcFlows.expiresAt, new Date()));
  await db
    .insert(oidcFlows)
    .values({ ...values, kind, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + FLOW_TTL_MS[kind]) });
  return token;
}

/** Single use: the record is deleted as it is read, so a replayed state, link or proof finds nothing. */
export async function consumeFlow(db: Db, kinds: FlowKind[], token: string | undefined): Promise<FlowRow | undefined> {
  if (!token || token.length > 200) return undefined;
  const [row] = await db
    .delete(oidcFlows)
    .where(and(eq(oidcFlows.tokenHash, hashToken(token)), gt(oidcFlows.expiresAt, new Date())))
    .returning();
  return row && kinds.includes(row.kind) ? row : undefined;
}

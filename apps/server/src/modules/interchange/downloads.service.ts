import { and, eq, gt, lt } from 'drizzle-orm';
import { DOWNLOAD_LINK_TTL_MS } from '@reqloom/domain';
import type { Db } from '../../db/client';
import { downloads } from '../../db/schema';
import { hashToken, randomToken } from '../../security/tokens';

export type DownloadKind = (typeof downloads.$inferSelect)['kind'];

/** A one-time link to an export, for this user only, valid for 10 minutes (decisions §6). */
export async function createDownloadLink(
  db: Db,
  link: { userId: number; documentId: number; kind: DownloadKind },
  now = new Date(),
): Promise<string> {
  const token = randomToken();
  await db.insert(downloads).values({
    tokenHash: hashToken(token),
    userId: link.userId,
    documentId: link.documentId,
    kind: link.kind,
    expiresAt: new Date(now.getTime() + DOWNLOAD_LINK_TTL_MS),
  });
  // Links nobody followed go with the next one made.
  await db.delete(downloads).where(lt(downloads.expiresAt, now));
  return `/api/downloads/${token}`;
}

/** Uses up a link: the first call of its user within its time gets it, every later one nothing. */
export async function takeDownload(db: Db, token: string, userId: number, now = new Date()) {
  const [row] = await db
    .delete(downloads)
    .where(and(eq(downloads.tokenHash, hashToken(token)), eq(downloads.userId, userId), gt(downloads.expiresAt, now)))
    .returning();
  return row;
}

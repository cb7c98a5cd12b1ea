import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import { DOWNLOAD_LINK_TTL_MS } from '@reqloom/domain';
import type { Db } from '../../db/client';
import { downloads } from '../../db/schema';
import { hashToken, randomToken } from '../../security/tokens';

export type DownloadKind = (typeof downloads.$inferSelect)['kind'];

type DownloadLink = { userId: number; kind: DownloadKind } & (
  { documentId: number } | { projectId: number; params: Record<string, unknown> }
);

/**
 * A one-time link to an export, for this user only, valid for 10 minutes (decisions §6): of a document, or of a project
 * with the filters it was asked with (the audit trail, decisions §21). `path` is where the link is followed.
 */
export async function createDownloadLink(
  db: Db,
  link: DownloadLink,
  now = new Date(),
  path = '/api/downloads',
): Promise<string> {
  const token = randomToken();
  await db.insert(downloads).values({
    tokenHash: hashToken(token),
    userId: link.userId,
    kind: link.kind,
    ...('documentId' in link ? { documentId: link.documentId } : { projectId: link.projectId, params: link.params }),
    expiresAt: new Date(now.getTime() + DOWNLOAD_LINK_TTL_MS),
  });
  // Links nobody followed go with the next one made.
  await db.delete(downloads).where(lt(downloads.expiresAt, now));
  return `${path}/${token}`;
}

/**
 * Uses up a link of one of `kinds`: the first call of its user within its time gets it, every later one nothing (a
 * link of another kind is not used up by a wrong path).
 */
export async function takeDownload(
  db: Db,
  token: string,
  userId: number,
  kinds: readonly DownloadKind[],
  now = new Date(),
) {
  const [row] = await db
    .delete(downloads)
    .where(
      and(
        eq(downloads.tokenHash, hashToken(token)),
        eq(downloads.userId, userId),
        inArray(downloads.kind, [...kinds]),
        gt(downloads.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

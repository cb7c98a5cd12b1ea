import type { AccessTokenPresented } from '@reqloom/domain';
import type { accessTokens } from '../../db/schema';

export function presentAccessToken(row: typeof accessTokens.$inferSelect): AccessTokenPresented {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_PREFERENCES, type Language } from '@reqloom/domain';
import type { User } from '../../core/identity';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { groups, oidcIdentities, users } from '../../db/schema';
import { hashPassword } from '../../security/password';
import { randomToken } from '../../security/tokens';

/** The account linked to a provider's (issuer, subject), if any. */
export async function userByIdentity(db: Db, issuer: string, subject: string): Promise<User | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(oidcIdentities)
    .innerJoin(users, eq(users.id, oidcIdentities.userId))
    .where(and(eq(oidcIdentities.issuer, issuer), eq(oidcIdentities.subject, subject)))
    .limit(1);
  return row?.user;
}

/** Whether an account signs in through this provider (then it re-authenticates there to sign a review). */
export async function isLinked(db: Db, userId: number, issuer: string): Promise<boolean> {
  const [row] = await db
    .select({ id: oidcIdentities.id })
    .from(oidcIdentities)
    .where(and(eq(oidcIdentities.userId, userId), eq(oidcIdentities.issuer, issuer)))
    .limit(1);
  return Boolean(row);
}

export async function userByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return user;
}

/** Links an identity; a second link of the same identity or of the same account to this issuer is refused quietly. */
export async function linkIdentity(db: Db, userId: number, issuer: string, subject: string): Promise<boolean> {
  try {
    await db.insert(oidcIdentities).values({ userId, issuer, subject });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** A username of the house rules (3–32 of a-z 0-9 - _, a letter or digit first) from what the provider says. */
function usernameBase(claims: { preferred_username?: unknown; email: string }): string {
  const wanted =
    typeof claims.preferred_username === 'string' ? claims.preferred_username : claims.email.split('@')[0]!;
  const cleaned = wanted
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9_-]+/g, '')
    .replace(/^[-_]+/, '')
    .slice(0, 24);
  return cleaned.length >= 3 ? cleaned : `user${cleaned}`;
}

async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const [byName] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
  const [byGroup] = await db.select({ id: groups.id }).from(groups).where(eq(groups.slug, username)).limit(1);
  return Boolean(byName || byGroup);
}

/**
 * The first login through the provider creates the account, confirmed (the provider verified the address), with a
 * password nobody knows: it signs in through the provider only, until its owner sets one by the reset link (when
 * local passwords are allowed).
 */
export async function createSsoUser(
  db: Db,
  claims: { email: string; name?: unknown; preferred_username?: unknown },
  lang: Language,
): Promise<User> {
  const base = usernameBase(claims);
  const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim().slice(0, 255) : base;
  const passwordHash = await hashPassword(randomToken());
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const username = attempt === 0 ? base : `${base}-${Math.floor(Math.random() * 1e6)}`;
    if (await usernameTaken(db, username)) continue;
    try {
      const [user] = await db
        .insert(users)
        .values({
          name,
          username,
          email: claims.email.toLowerCase(),
          passwordHash,
          confirmedAt: new Date(),
          preferences: { ...DEFAULT_PREFERENCES, lang },
        })
        .returning();
      return user!;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('no free username');
}

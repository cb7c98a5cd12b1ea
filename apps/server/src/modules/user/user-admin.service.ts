import { eq } from 'drizzle-orm';
import { DEFAULT_PREFERENCES, registerBody } from '@reqloom/domain';
import type { AppContext } from '../../core/context';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { hashPassword } from '../../security/password';
import { findUserByEmail } from '../auth/auth.service';

/** Administrative user creation (command line): same rules as registration, confirmed at once. */
export async function createConfirmedUser(
  db: Db,
  input: { name: string; username: string; email: string; password: string },
): Promise<{ id: number } | { errors: Record<string, string[]> }> {
  const parsed = registerBody.safeParse({ ...input, password_confirmation: input.password });
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[issue.path.join('.')] ??= []).push(issue.message);
    return { errors };
  }
  const body = parsed.data;
  if (await findUserByEmail(db, body.email)) return { errors: { email: ['already registered'] } };
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.username, body.username));
  if (taken) return { errors: { username: ['already taken'] } };
  const [row] = await db
    .insert(users)
    .values({
      name: body.name,
      username: body.username,
      email: body.email,
      passwordHash: await hashPassword(body.password),
      preferences: DEFAULT_PREFERENCES,
      confirmedAt: new Date(),
    })
    .returning({ id: users.id });
  return { id: row!.id };
}

/**
 * Turns a user's alpha features on or off (command line). A server that runs beside it hears the change through
 * the database (auth-changes.ts); the caller's own cache, when it serves, forgets the user at once.
 */
export async function setAlpha(
  ctx: Pick<AppContext, 'db' | 'authCache'>,
  email: string,
  alpha: boolean,
): Promise<boolean> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return false;
  await ctx.db.update(users).set({ alpha, updatedAt: new Date() }).where(eq(users.id, user.id));
  ctx.authCache.forgetUser(user.id);
  return true;
}

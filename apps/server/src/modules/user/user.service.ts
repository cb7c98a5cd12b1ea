import { and, eq, ne, sql } from 'drizzle-orm';
import type { ChangePasswordBody, Preferences, PreferencesPatch, UpdateUserBody } from '@reqloom/domain';
import type { AppContext } from '../../context';
import type { Work } from '../../work';
import { users } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { invalid } from '../../http/errors';
import { hashPassword, verifyPassword } from '../../security/password';
import { closeOtherSessions, type User } from '../auth/session.service';
import { completePreferences } from './user.presenter';

export async function updateProfile(ctx: AppContext, user: User, body: UpdateUserBody): Promise<User> {
  if (body.email !== undefined) {
    const [taken] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, body.email), ne(users.id, user.id)))
      .limit(1);
    if (taken) throw invalid({ email: ['validation.email_taken'] });
  }
  if (body.name === undefined && body.email === undefined) return user;
  try {
    const [updated] = await ctx.db
      .update(users)
      .set({ ...body, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    return updated ?? user;
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid({ email: ['validation.email_taken'] });
    throw error;
  }
}

/** Deep-merges a partial update into the stored preferences (decisions §4). */
export function mergePreferences(current: Preferences, patch: PreferencesPatch): Preferences {
  return {
    ...current,
    ...patch,
    timezone: { ...current.timezone, ...patch.timezone },
    tours: patch.tours === undefined ? current.tours : { ...current.tours, ...patch.tours },
  };
}

export async function updatePreferences(ctx: AppContext, user: User, patch: PreferencesPatch): Promise<Preferences> {
  // Resetting tours sends an empty map: that clears them rather than merging nothing into them.
  const base = completePreferences(user.preferences);
  const next =
    patch.tours !== undefined && Object.keys(patch.tours).length === 0
      ? { ...mergePreferences(base, { ...patch, tours: undefined }), tours: {} }
      : mergePreferences(base, patch);
  await ctx.db.update(users).set({ preferences: next }).where(eq(users.id, user.id));
  return next;
}

/** Keeps the caller's session and ends the others: whoever knew the old password is logged out. */
export async function changePassword(
  work: Work,
  user: User,
  body: ChangePasswordBody,
  keepSessionId: number,
): Promise<void> {
  if (!(await verifyPassword(body.current_password, user.passwordHash))) {
    throw invalid({ current_password: ['auth.current_password'] });
  }
  const passwordHash = await hashPassword(body.new_password);
  await work.tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
  await closeOtherSessions(work.tx, user.id, keepSessionId);
  work.record({ name: 'UserSessionsEnded', userId: user.id, keepSessionId, tokens: false });
}

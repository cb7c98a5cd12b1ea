import { and, eq, ne, sql } from 'drizzle-orm';
import {
  PREFERENCE_KEYS,
  TOUR_NAMES,
  type ChangePasswordBody,
  type Preferences,
  type PreferencesPatch,
  type UpdateUserBody,
} from '@reqloom/domain';
import type { AppContext } from '../../core/context';
import type { Work } from '../../core/work';
import { users } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { jsonbObject, jsonbParam, jsonbPick } from '../../db/jsonb';
import { invalid } from '../../core/errors';
import { hashPassword, verifyPassword } from '../../security/password';
import { closeOtherSessions, type User } from '../../core/identity';
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
    // The next call of this user must not see the cached row (its notification comes a moment later).
    ctx.authCache.forgetUser(user.id);
    return updated ?? user;
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid({ email: ['validation.email_taken'] });
    throw error;
  }
}

/**
 * Deep-merges a partial update into the stored preferences (decisions §4) in one UPDATE, so that two
 * concurrent updates of different keys both land. Nested objects merge key by key; an empty `tours` map
 * clears the tours. Only known keys and tours are written back, which also sheds what older versions stored.
 */
export async function updatePreferences(ctx: AppContext, user: User, patch: PreferencesPatch): Promise<Preferences> {
  const { timezone, synaeptic, tours, ...scalars } = patch;
  const stored = sql`${users.preferences}`;
  const mergeInto = (key: string, value: object) =>
    sql`jsonb_build_object(${key}::text, ${jsonbObject(sql`${stored} -> ${key}::text`)} || ${jsonbParam(value)})`;
  let merged = sql`${jsonbObject(stored)} || ${jsonbParam(scalars)}`;
  if (timezone) merged = sql`${merged} || ${mergeInto('timezone', timezone)}`;
  if (synaeptic) merged = sql`${merged} || ${mergeInto('synaeptic', synaeptic)}`;
  if (tours) {
    merged =
      Object.keys(tours).length === 0
        ? sql`${merged} || jsonb_build_object('tours', '{}'::jsonb)`
        : sql`${merged} || ${mergeInto('tours', tours)}`;
  }
  const pruned = sql`${jsonbPick(merged, PREFERENCE_KEYS)} || jsonb_build_object('tours', ${jsonbPick(
    sql`(${merged}) -> 'tours'`,
    TOUR_NAMES,
  )})`;
  const [row] = await ctx.db
    .update(users)
    .set({ preferences: sql`${pruned}` })
    .where(eq(users.id, user.id))
    .returning({ preferences: users.preferences });
  ctx.authCache.forgetUser(user.id);
  return completePreferences(row?.preferences);
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

import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, SLUG_MAX, USERNAME_MAX, USERNAME_MIN } from '../constants';

// Custom issue messages are message keys: the server and the web client translate them.

/**
 * An id: a positive integer, or its decimal digits (path and query parameters come as text). Nothing else is read
 * as one: `z.coerce.number()` took "1e3", "0x1", " 12 ", `true` and `[5]` for ids, so a malformed call could name a
 * real element.
 */
const ID_MAX = 2_147_483_647;
export const idSchema = z.union([
  z.number().int().positive().max(ID_MAX),
  z
    .string()
    .regex(/^[0-9]{1,10}$/)
    .transform(Number)
    .pipe(z.number().int().positive().max(ID_MAX)),
]);

/** The `version` a PUT edited (decisions §19): when the element has moved on, the answer is 409. */
export const versionSchema = z.number().int().positive().max(2_147_483_647);

export const nameSchema = z.string().trim().min(1).max(NAME_MAX);

export const emailSchema = z.string().trim().toLowerCase().max(EMAIL_MAX).pipe(z.email());

export const passwordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

export const usernameSchema = z
  .string()
  .trim()
  .min(USERNAME_MIN)
  .max(USERNAME_MAX)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, { message: 'validation.username_format' });

export const slugSchema = z
  .string()
  .trim()
  .min(1)
  .max(SLUG_MAX)
  .regex(/^[a-z0-9_-]+$/, { message: 'validation.slug_format' });

/** Checks that `field` equals `${field}_confirmation` and reports on `field`. */
export function confirmed<T extends Record<string, unknown>>(field: keyof T & string) {
  return (value: T, ctx: z.RefinementCtx) => {
    if (value[field] !== value[`${field}_confirmation`]) {
      ctx.addIssue({ code: 'custom', path: [field], message: 'validation.confirmed' });
    }
  };
}

/** A page marker as the server handed it (keyset paging): opaque to the client, checked again by the server. */
export const pageCursorSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'validation.cursor' });

/** A page's size, 1–`max` (a query parameter comes as text), `fallback` when not given. */
export const pageLimitSchema = (max: number, fallback: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .regex(/^[0-9]{1,4}$/)
        .transform(Number),
    ])
    .pipe(z.number().int().min(1).max(max))
    .default(fallback);

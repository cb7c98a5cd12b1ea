import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { confirmed, emailSchema, nameSchema, passwordSchema } from './fields';

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const preferencesSchema = z.object({
  lang: z.enum(LANGUAGES),
  timezone: z.object({
    autoTimezone: z.boolean(),
    timezone: z.string().max(64).refine(isTimeZone, { message: 'validation.timezone' }).nullable(),
  }),
  categoryNumbering: z.boolean(),
  autoNaming: z.boolean(),
  tours: z.record(z.string().max(64), z.boolean()),
  loadedOnce: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = {
  lang: 'en',
  timezone: { autoTimezone: true, timezone: null },
  categoryNumbering: true,
  autoNaming: true,
  tours: {},
  loadedOnce: false,
};

/** A partial update: every key optional, nested objects partial too; they are deep-merged. */
export const preferencesPatch = z
  .object({
    lang: preferencesSchema.shape.lang,
    timezone: preferencesSchema.shape.timezone.partial(),
    categoryNumbering: z.boolean(),
    autoNaming: z.boolean(),
    tours: z.record(z.string().max(64), z.boolean()).refine((t) => Object.keys(t).length <= 100, {
      message: 'validation.too_many',
    }),
    loadedOnce: z.boolean(),
  })
  .partial();
export type PreferencesPatch = z.infer<typeof preferencesPatch>;

export const updatePreferencesBody = z.object({ preferences: preferencesPatch });

export const updateUserBody = z.object({ name: nameSchema, email: emailSchema }).partial();
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const changePasswordBody = z
  .object({
    current_password: z.string().min(1).max(1000),
    new_password: passwordSchema,
    new_password_confirmation: z.string().max(1000),
  })
  .superRefine(confirmed('new_password'));
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const userPresented = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  initials: z.string(),
  preferences: preferencesSchema,
  alpha: z.boolean(),
});
export type UserPresented = z.infer<typeof userPresented>;

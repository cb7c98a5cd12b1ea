import { z } from 'zod';
import { confirmed, emailSchema, nameSchema, passwordSchema } from './fields';
import { preferencesSchema } from './preferences';

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

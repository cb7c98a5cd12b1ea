import { z } from 'zod';
import { confirmed, emailSchema, nameSchema, passwordSchema, usernameSchema } from './fields';

/**
 * A page of the app to come back to (the join link a newcomer opened before registering): a path of this site
 * only, never another site's address (`//host`, `/\\host`), so that a mailed link cannot redirect elsewhere.
 */
export const appPathSchema = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s\\]*$/, { message: 'validation.app_path' });

export const registerBody = z
  .object({
    name: nameSchema,
    username: usernameSchema,
    email: emailSchema,
    password: passwordSchema,
    password_confirmation: z.string().max(1000),
    /** Where the confirmation link brings the new user once the account is confirmed. */
    from: appPathSchema.optional(),
  })
  .superRefine(confirmed('password'));
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  email: z.string().trim().toLowerCase().min(1).max(1000),
  password: z.string().min(1).max(1000),
});
export type LoginBody = z.infer<typeof loginBody>;

export const forgotPasswordBody = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

export const resetPasswordBody = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    password_confirmation: z.string().max(1000),
    token: z.string().min(1).max(200),
  })
  .superRefine(confirmed('password'));
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const confirmParams = z.object({
  username: z.string().max(100),
  token: z.string().max(200),
});

export const generateTokenBody = z.object({ name: nameSchema });
export type GenerateTokenBody = z.infer<typeof generateTokenBody>;

export const sessionAnswer = z.object({ success: z.literal(true), expires_at: z.string() });
export type SessionAnswer = z.infer<typeof sessionAnswer>;

export const messageAnswer = z.object({ message: z.string() });

export const confirmAnswer = z.object({
  confirmed: z.boolean(),
  error: z.string().nullable(),
  expires_at: z.string().optional(),
});
export type ConfirmAnswer = z.infer<typeof confirmAnswer>;

export const generatedTokenAnswer = z.object({ data: z.object({ token: z.string() }) });

export const accessTokenPresented = z.object({
  id: z.number(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type AccessTokenPresented = z.infer<typeof accessTokenPresented>;

import { z } from 'zod';

/** Every error answer: a message, and for 422 the field errors keyed by dotted path. */
export const errorAnswer = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorAnswer = z.infer<typeof errorAnswer>;

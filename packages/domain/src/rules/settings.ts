import type { z } from 'zod';

/**
 * Settings as stored (a JSON column, written by older versions too) made whole: each option keeps its stored value
 * when the schema reads it, and takes its default when it is missing or unreadable. Field by field, so that one
 * option an older version wrote differently does not reset the others. Projects and documents alike.
 */
export function completeSettings<T extends Record<string, unknown>>(
  shape: { [Key in keyof T]: z.ZodType<T[Key]> },
  defaults: T,
  stored: unknown,
): T {
  const settings = { ...defaults };
  if (typeof stored !== 'object' || stored === null) return settings;
  const given = stored as Record<string, unknown>;
  for (const key of Object.keys(shape) as (keyof T & string)[]) {
    if (!(key in given)) continue;
    const parsed = shape[key].safeParse(given[key]);
    if (parsed.success) settings[key] = parsed.data;
  }
  return settings;
}

import { ApiError } from '../../../api/ApiError';

/**
 * Errors on list fields come per item (parents_id.2); spec 2 §5 shows them merged and deduplicated under the
 * list's own field.
 */
export function mergeIndexedErrors(errors: Record<string, string[]>, field: string): Record<string, string[]> {
  const merged: Record<string, string[]> = {};
  const collected: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    if (key === field || key.startsWith(`${field}.`)) collected.push(...messages);
    else merged[key] = messages;
  }
  if (collected.length) merged[field] = [...new Set(collected)];
  return merged;
}

/** Rewrites an ApiError's field errors with mergeIndexedErrors, for applyServerErrors to place. */
export function withMergedErrors(error: unknown, fields: readonly string[]): unknown {
  if (!(error instanceof ApiError) || !error.errors) return error;
  let errors = error.errors;
  for (const field of fields) errors = mergeIndexedErrors(errors, field);
  return new ApiError(error.status, error.message, errors);
}

/** children.3.name → { 3: { name: "…" } }: the child-creation dialog shows each under its row's field. */
export function rowErrors(errors: Record<string, string[]> | undefined, prefix: string) {
  const rows: Record<number, Record<string, string>> = {};
  const rest: string[] = [];
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const match = new RegExp(`^${prefix}\\.(\\d+)\\.(\\w+)$`).exec(key);
    if (match) {
      const index = Number(match[1]);
      rows[index] = { ...rows[index], [match[2]!]: [...new Set(messages)].join(' ') };
    } else rest.push(...messages);
  }
  return { rows, rest };
}

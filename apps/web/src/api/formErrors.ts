import { ApiError } from './ApiError';

export interface SplitErrors {
  /** One line per field of the form, to show under its input. */
  fields: Record<string, string>;
  /** Messages about fields the form does not have, to show above it; null when there are none. */
  other: string | null;
}

/** Sorts a failed call's field errors into those a form can show under its inputs and the rest. */
export function splitFormErrors(error: unknown, formFields: readonly string[]): SplitErrors {
  const fields: Record<string, string> = {};
  const other: string[] = [];
  if (error instanceof ApiError && error.errors) {
    for (const [field, messages] of Object.entries(error.errors)) {
      if (messages.length === 0) continue;
      if (formFields.includes(field)) fields[field] = messages.join(' ');
      else other.push(...messages);
    }
  }
  return { fields, other: other.length > 0 ? other.join(' ') : null };
}

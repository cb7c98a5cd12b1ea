import type { TFunction } from 'i18next';
import { ApiError } from '../api/ApiError';

/** What to tell a person about a failed call: the server's own message when it gave one (in their language). */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return t('errors.connection');
    if (error.message) return error.message;
  }
  return t('errors.generic');
}

/**
 * The server's message about one field of a refused call (a 422 on `title`, `multiselect`…), else what
 * errorMessage says: for the inline edits that have no form to put it under.
 */
export function fieldErrorMessage(error: unknown, field: string, t: TFunction): string {
  const first = error instanceof ApiError ? error.errors?.[field]?.[0] : undefined;
  return first ?? errorMessage(error, t);
}

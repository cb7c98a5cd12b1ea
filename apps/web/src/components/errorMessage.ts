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

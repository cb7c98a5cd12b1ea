import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { splitFormErrors } from '../api/formErrors';
import { errorMessage } from './errorMessage';

interface FormWithErrors {
  setErrors: (errors: Record<string, ReactNode>) => void;
}

/**
 * Puts a failed call's field errors under the form's inputs (spec 1 §5) and returns what is left to show above
 * the form: errors on other fields, or the answer's message when it named no field; null when all is placed.
 */
export function applyServerErrors(
  form: FormWithErrors,
  formFields: readonly string[],
  error: unknown,
  t: TFunction,
): string | null {
  const { fields, other } = splitFormErrors(error, formFields);
  form.setErrors(fields);
  if (other) return other;
  return Object.keys(fields).length > 0 ? null : errorMessage(error, t);
}

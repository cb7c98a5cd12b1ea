import { describe, expect, it } from 'vitest';
import { toApiError } from './ApiError';
import { splitFormErrors } from './formErrors';

describe('toApiError', () => {
  it('carries the status, message and field errors of the answer', () => {
    const error = toApiError(422, { message: 'Invalid.', errors: { email: ['Those credentials are incorrect.'] } });
    expect(error.status).toBe(422);
    expect(error.message).toBe('Invalid.');
    expect(error.errors).toEqual({ email: ['Those credentials are incorrect.'] });
    expect(error.hasFieldErrors).toBe(true);
  });

  it('survives a body that is not the usual shape', () => {
    const error = toApiError(502, 'Bad gateway');
    expect(error.message).toBe('');
    expect(error.errors).toBeUndefined();
    expect(toApiError(422, { message: 1, errors: { a: 'not a list' } }).errors).toBeUndefined();
  });
});

describe('splitFormErrors', () => {
  it('puts the form fields under their inputs and keeps the rest apart', () => {
    const error = toApiError(422, {
      message: 'Invalid.',
      errors: { email: ['Taken.', 'Too long.'], username: ['Bad.'] },
    });
    expect(splitFormErrors(error, ['email', 'password'])).toEqual({
      fields: { email: 'Taken. Too long.' },
      other: 'Bad.',
    });
  });

  it('has nothing to place for an error without field errors', () => {
    expect(splitFormErrors(toApiError(422, { message: 'Unknown e-mail.' }), ['email'])).toEqual({
      fields: {},
      other: null,
    });
    expect(splitFormErrors(new Error('boom'), ['email'])).toEqual({ fields: {}, other: null });
  });
});

import type { MessageKey } from '../i18n/messages';

/** Field errors before translation: each message is a key of the server catalogue (or a plain text). */
export type FieldErrors = Record<
  string,
  Array<MessageKey | { key: MessageKey; params: Record<string, string | number> }>
>;

/**
 * The one error type services and routes throw. The error handler renders it as
 * `{message, errors?}` in the caller's language; `extra` adds fields some answers carry.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: MessageKey,
    readonly fieldErrors?: FieldErrors,
    readonly extra?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

export const unauthenticated = () => new AppError(401, 'http.unauthenticated');
export const forbidden = (key: MessageKey = 'http.forbidden') => new AppError(403, key);
export const notFound = () => new AppError(404, 'http.not_found');
export const csrfMismatch = () => new AppError(419, 'http.csrf');
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(
    429,
    'http.too_many',
    undefined,
    { seconds: retryAfterSeconds },
    { 'retry-after': String(retryAfterSeconds) },
  );

/**
 * 409 (decisions §19): the element moved on since the version the caller edited; `current` is the element as it
 * now is, presented like a GET answers it, so that the client can show both and let the person choose.
 */
export const conflict = (current: unknown) => new AppError(409, 'http.conflict', undefined, { current });

/** 422 with errors keyed by field. */
export const invalid = (fieldErrors: FieldErrors) => new AppError(422, 'http.invalid', fieldErrors);

/** 422 with a message and no field errors (a few answers of the specification take this shape). */
export const invalidMessage = (key: MessageKey, extra?: Record<string, unknown>) =>
  new AppError(422, key, undefined, extra);

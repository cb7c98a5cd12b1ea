/** Field errors of a 422 answer, keyed by field (nested fields use dots), each a list of messages. */
export type FieldErrors = Record<string, string[]>;

/** A call that did not succeed. `status` 0 means no answer reached us (network down, server unreachable). */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors | undefined;
  readonly body: unknown;

  constructor(status: number, message: string, errors?: FieldErrors, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.body = body;
  }

  get hasFieldErrors(): boolean {
    return this.errors !== undefined && Object.keys(this.errors).length > 0;
  }
}

function isFieldErrors(value: unknown): value is FieldErrors {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((list) => Array.isArray(list) && list.every((m) => typeof m === 'string'))
  );
}

/** Builds the error from an answer's status and body, whatever shape the body has. */
export function toApiError(status: number, body: unknown): ApiError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message = typeof record.message === 'string' ? record.message : '';
  const errors = isFieldErrors(record.errors) ? record.errors : undefined;
  return new ApiError(status, message, errors, body);
}

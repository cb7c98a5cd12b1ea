import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import type { Language } from '@reqloom/domain';
import { isMessageKey, translate } from '../i18n/messages';

/** Thrown by the validator; rendered as 422 in the caller's language by the error handler. */
export class RequestValidationError extends Error {
  readonly statusCode = 422;
  constructor(readonly issues: z.core.$ZodIssue[]) {
    super('Validation failed');
    this.name = 'RequestValidationError';
  }
}

/**
 * PostgreSQL refuses the NUL character in text and JSON, so no input may carry one: it is answered as an
 * invalid field instead of reaching the database. Returns the path of the first string or key holding one.
 */
function findNul(value: unknown, path: PropertyKey[] = [], depth = 0): PropertyKey[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 64 || typeof value !== 'object' || value === null) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = findNul(inner, [...path, Array.isArray(value) ? Number(key) : key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** Parses an input with its zod schema (coercing, trimming, stripping unknown keys), refusing NUL characters. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  data: unknown,
): { value: z.output<S>; error?: undefined } | { value?: undefined; error: RequestValidationError } {
  const nul = findNul(data);
  if (nul) {
    return {
      error: new RequestValidationError([
        { code: 'custom', path: nul, message: 'validation.invalid', input: undefined },
      ]),
    };
  }
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) return { value: result.data };
  return { error: new RequestValidationError(result.error.issues) };
}

/** Route schemas are zod schemas: parse every input with them. */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) =>
    parseInput(schema, data);

function describe(issue: z.core.$ZodIssue, lang: Language): string {
  if (isMessageKey(issue.message)) return translate(lang, issue.message);
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case 'invalid_type':
      if (input === undefined || input === null) return translate(lang, 'validation.required');
      switch (issue.expected) {
        case 'string':
          return translate(lang, 'validation.string');
        case 'number':
        case 'int':
          return translate(lang, issue.expected === 'int' ? 'validation.integer' : 'validation.number');
        case 'boolean':
          return translate(lang, 'validation.boolean');
        case 'array':
          return translate(lang, 'validation.array');
        case 'object':
        case 'record':
          return translate(lang, 'validation.object');
        default:
          return translate(lang, 'validation.invalid');
      }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        return min <= 1 ? translate(lang, 'validation.required') : translate(lang, 'validation.min_string', { min });
      }
      if (issue.origin === 'array' || issue.origin === 'set') return translate(lang, 'validation.min_array', { min });
      return translate(lang, 'validation.min_number', { min });
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return translate(lang, 'validation.max_string', { max });
      if (issue.origin === 'array' || issue.origin === 'set') return translate(lang, 'validation.max_array', { max });
      return translate(lang, 'validation.max_number', { max });
    }
    case 'invalid_format':
      return translate(lang, issue.format === 'email' ? 'validation.email' : 'validation.invalid');
    case 'invalid_value':
      return translate(lang, 'validation.in');
    case 'not_multiple_of':
      return translate(lang, issue.divisor === 1 ? 'validation.integer' : 'validation.invalid');
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'unrecognized_keys':
    case 'custom':
      return translate(lang, 'validation.invalid');
  }
}

/** Zod issues → `{field: [messages]}` keyed by dotted path; a body-level issue is keyed by its location. */
export function fieldErrorsFrom(issues: z.core.$ZodIssue[], lang: Language): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    const message = describe(issue, lang);
    const list = (errors[key] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return errors;
}

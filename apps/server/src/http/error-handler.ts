import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { languageFrom, translate, type MessageKey } from '../i18n/messages';
import { AppError } from '../core/errors';
import { fieldErrorsFrom, RequestValidationError } from './validation';

function render(request: FastifyRequest, error: AppError): Record<string, unknown> {
  const lang = request.lang;
  const params = Object.fromEntries(
    Object.entries(error.extra ?? {}).filter((e): e is [string, string | number] =>
      ['string', 'number'].includes(typeof e[1]),
    ),
  );
  const body: Record<string, unknown> = { message: translate(lang, error.messageKey, params) };
  if (error.fieldErrors) {
    body.errors = Object.fromEntries(
      Object.entries(error.fieldErrors).map(([field, messages]) => [
        field,
        messages.map((m) => (typeof m === 'string' ? translate(lang, m) : translate(lang, m.key, m.params))),
      ]),
    );
  }
  return { ...error.extra, ...body };
}

/** Maps a framework error (body parsing, limits) to our catalogue; null when it is not a client error. */
function fromFrameworkError(error: FastifyError): AppError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError(400, 'http.malformed_json');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(413, 'http.too_large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, 'http.unsupported_media');
    default:
      break;
  }
  if (error.statusCode === 404) return new AppError(404, 'http.not_found');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError(error.statusCode, 'http.bad_request');
  }
  // A database refusal caused by the input (bad encoding, a value out of range, a row gone meanwhile) is the
  // client's error, not the server's: a safety net behind validation.
  const dbCode = databaseErrorCode(error);
  if (dbCode === '22021' || dbCode === '22P05' || dbCode === '22003' || dbCode === '22001')
    return new AppError(422, 'http.invalid');
  if (dbCode === '23503') return new AppError(404, 'http.not_found');
  // Node raises these for malformed input the framework did not catch (bad percent-encoding, bad JSON nesting).
  if (error instanceof URIError || error instanceof SyntaxError) return new AppError(400, 'http.bad_request');
  return null;
}

function databaseErrorCode(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** What an unexpected error's log line keeps: never the query parameters (they may hold hashes and addresses). */
export function loggableError(error: unknown): Record<string, unknown> {
  const e = error as {
    name?: string;
    message?: string;
    stack?: string;
    cause?: { code?: string; table?: string; constraint?: string };
  };
  const strip = (text: string | undefined) => text?.replace(/\nparams:[\s\S]*$/, '\nparams: [redacted]');
  return {
    type: e.name,
    message: strip(e.message),
    stack: strip(e.stack),
    code: e.cause?.code,
    table: e.cause?.table,
    constraint: e.cause?.constraint,
  };
}

/**
 * Fastify's `frameworkErrors` option: errors its router raises before any hook runs (a path whose
 * percent-encoding is malformed, a parameter over `maxParamLength`). Without it Fastify answers them in its
 * own shape; with it they get ours, in the caller's language.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.lang = languageFrom(request.headers['accept-language']);
  const appError =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new AppError(414, 'http.uri_too_long')
      : error.code === 'FST_ERR_BAD_URL'
        ? new AppError(400, 'http.bad_url')
        : (fromFrameworkError(error) ?? new AppError(400, 'http.bad_request'));
  void reply.code(appError.statusCode).send(render(request, appError));
}

/** What Node's HTTP parser refuses before Fastify sees a request, by the parser's error code. */
function clientErrorAnswer(code: string | undefined): [number, MessageKey] {
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'http.headers_too_large'];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'http.timeout'];
  return [400, 'http.bad_request'];
}

/**
 * Fastify's `clientErrorHandler` option (Node's 'clientError' event): a request line or headers too long
 * (431), a malformed request (400), a timeout (408). No request was parsed, so neither its path nor its
 * language is known: the answer is JSON `{message}` in English, like every other error, and the connection ends.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const [status, key] = clientErrorAnswer(error.code);
    const body = JSON.stringify({ message: translate('en', key) });
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** The one place errors become answers: always JSON with a `message`, never a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof RequestValidationError) {
      const message = translate(request.lang, 'http.invalid');
      return reply.code(422).send({ message, errors: fieldErrorsFrom(error.issues, request.lang) });
    }
    const appError = error instanceof AppError ? error : fromFrameworkError(error);
    if (appError) {
      if (appError.headers) void reply.headers(appError.headers);
      return reply.code(appError.statusCode).send(render(request, appError));
    }
    request.log.error({ error: loggableError(error) }, 'unhandled error');
    return reply.code(500).send({ message: translate(request.lang, 'http.server_error') });
  });
}

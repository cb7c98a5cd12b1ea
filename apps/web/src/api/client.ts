import type { AnswerEvents } from '@reqloom/domain';
import { currentLanguage } from '../i18n/i18n';
import { ApiError, toApiError } from './ApiError';
import { fetchCsrfCookie, readCsrfToken } from './csrf';
import { keepEarlyRead, peekEarlyRead, takeEarlyRead } from './earlyReads';
import { noteServerDate } from './serverClock';
import { endSession, extendSession } from './session';
import { getSocketId } from './socketId';
import type { WireEvent } from './wireEvent';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** What the answer may be (JSON unless told): a file's call takes any type. */
  accept?: string;
}

// A 401 from these means "wrong credentials" or "already gone", not "your session has ended".
const CALLS_WITHOUT_SESSION_END = new Set(['auth/login', 'auth/logout']);

function normalisePath(path: string): string {
  return path.replace(/^\/+/, '').replace(/^api\//, '');
}

async function send(method: HttpMethod, path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: options.accept ?? 'application/json',
    'Accept-Language': currentLanguage(),
  };
  const csrf = readCsrfToken();
  if (csrf) headers['X-XSRF-TOKEN'] = csrf;
  const socketId = getSocketId();
  if (socketId) headers['X-Socket-ID'] = socketId;
  // A write without a result (a deletion) answers its events rather than 204 (see `eventsOf`).
  if (method !== 'GET') headers.Prefer = 'return=representation';
  const hasBody = options.body !== undefined;
  // A form (an upload) goes as it is: the browser writes its multipart type with the boundary.
  const isForm = options.body instanceof FormData;
  if (hasBody && !isForm) headers['Content-Type'] = 'application/json';
  try {
    const sentAt = Date.now();
    const response = await fetch(`/api/${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      body: isForm ? (options.body as FormData) : hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
    noteServerDate(response.headers.get('Date'), sentAt, Date.now());
    return response;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, '');
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * One call to the API: JSON in and out, the CSRF cookie echoed in X-XSRF-TOKEN (fetched first when absent,
 * and once more on a 419, which means it has changed or expired), the session slid on success and ended on 401.
 */
export async function request<T>(method: HttpMethod, rawPath: string, options: RequestOptions = {}): Promise<T> {
  const path = normalisePath(rawPath);
  // A read the first script already started (app/earlyStart.ts) is not asked for twice.
  const early = method === 'GET' && !options.signal ? takeEarlyRead(path) : undefined;
  if (early) return early as Promise<T>;
  // Only writes are checked for CSRF: a read needs no cookie, so it does not wait for one.
  if (method !== 'GET' && !readCsrfToken()) await fetchCsrfCookie();
  let response = await send(method, path, options);
  if (response.status === 419) {
    await fetchCsrfCookie();
    response = await send(method, path, options);
  }
  const body = await readBody(response);
  if (response.ok) {
    extendSession();
    return body as T;
  }
  if (response.status === 401 && !CALLS_WITHOUT_SESSION_END.has(path)) endSession();
  throw toApiError(response.status, body);
}

/** A file the API answered: its bytes and the name the server gave it (`Content-Disposition`), if any. */
export interface FileAnswer {
  blob: Blob;
  name: string | null;
}

/** The name of an attachment: `filename*` (RFC 5987, UTF-8) when given, else the plain `filename`. */
export function attachmentName(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed encoding: the plain name below.
    }
  }
  return (
    /filename\s*=\s*"([^"]*)"/i.exec(disposition)?.[1] ?? /filename\s*=\s*([^;\s]+)/i.exec(disposition)?.[1] ?? null
  );
}

/**
 * A read whose answer is a file (an export): the same headers, session and errors as `request`, the body kept as
 * bytes. A refusal still answers JSON `{message}`, read as an ApiError.
 */
export async function requestFile(rawPath: string): Promise<FileAnswer> {
  const path = normalisePath(rawPath);
  const response = await send('GET', path, { accept: '*/*' });
  if (!response.ok) {
    if (response.status === 401) endSession();
    throw toApiError(response.status, await readBody(response));
  }
  const blob = await response.blob();
  extendSession();
  return { blob, name: attachmentName(response.headers.get('Content-Disposition')) };
}

/**
 * Starts a read whose answer the first call of the same path will take (see `earlyReads.ts`); a path already on
 * its way is not asked for again.
 */
export function readEarly<T>(rawPath: string): Promise<T> {
  const path = normalisePath(rawPath);
  const kept = peekEarlyRead(path);
  if (kept) return kept as Promise<T>;
  const answer = request<T>('GET', path);
  keepEarlyRead(path, answer);
  return answer;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, { body }),
  delete: <T = void>(path: string) => request<T>('DELETE', path),
};

/**
 * A write's answer as the actions take it: its result, and the events the server sent the project's room for it
 * (issue 33; the server's http/work.ts), which the caller applies as the socket applies other members' (its own
 * socket is spared them).
 */
export type Written<T> = { data: T; events: WireEvent[] };

/** The result of a write answered `{data, events}`. */
export async function written<T>(call: Promise<{ data: T } & AnswerEvents>): Promise<Written<T>> {
  const answer = await call;
  return { data: answer.data, events: answer.events ?? [] };
}

/** The events of a write answered without a result: `{events}` (the client asks for them), or nothing (204). */
export async function eventsOf(call: Promise<AnswerEvents | undefined>): Promise<WireEvent[]> {
  return (await call)?.events ?? [];
}

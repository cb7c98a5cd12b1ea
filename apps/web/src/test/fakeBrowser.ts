import { vi } from 'vitest';

/** A Storage kept in memory, for tests that run without a browser. */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

export interface FakeCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Responder = (call: FakeCall) => Response;

/**
 * Stands in for the browser around the API client: a cookie jar that the csrf-cookie call fills,
 * localStorage, and a fetch that records each call and answers with `respond`.
 */
export function fakeBrowser(respond: Responder) {
  const calls: FakeCall[] = [];
  const document = { cookie: '' };
  vi.stubGlobal('document', document);
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const call: FakeCall = {
        url,
        method: init.method ?? 'GET',
        headers: (init.headers ?? {}) as Record<string, string>,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      };
      calls.push(call);
      if (url === '/sanctum/csrf-cookie') {
        document.cookie = 'XSRF-TOKEN=tok%2Ben';
        return Promise.resolve(new Response(null, { status: 204 }));
      }
      return Promise.resolve(respond(call));
    }),
  );
  return { calls, document };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

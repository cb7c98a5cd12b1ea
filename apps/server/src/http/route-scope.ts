import type { FastifyRequest } from 'fastify';

/**
 * Whether the route that answers a request is an API route. The decision is taken on the route the router
 * matched (after it decoded the path), never on the raw URL: `/%61pi/auth/logout` reaches `/api/auth/logout`
 * although its URL does not start with `/api/`, and must meet the same CSRF and authentication checks.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route !== undefined && route.startsWith('/api/');
}

/**
 * For requests no route answers: whether the path, once decoded and normalised the way a lenient proxy or
 * browser might (percent-encoding, letter case, doubled slashes, dot segments), lies under /api or /sanctum.
 * Such paths get a JSON 404 rather than the web client's index.html.
 */
export function isApiPath(url: string): boolean {
  let path = url.split('?')[0] ?? '';
  try {
    path = decodeURIComponent(path);
  } catch {
    // Malformed encoding: judge the raw text.
  }
  const segments = path
    .toLowerCase()
    .split('/')
    .filter((s) => s !== '' && s !== '.');
  return segments[0] === 'api' || segments[0] === 'sanctum';
}

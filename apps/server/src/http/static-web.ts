import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { notFound } from '../core/errors';
import { isApiPath } from './route-scope';

/**
 * Serves the built web client; any other GET outside /api/ answers index.html so the client's
 * router can take it (deep links, reloads). API paths that match nothing answer a JSON 404.
 */
export async function registerWebClient(app: FastifyInstance, webDist: string): Promise<void> {
  const index = path.join(webDist, 'index.html');
  const built = fs.existsSync(index);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz beside each asset; send them to browsers that accept them.
      preCompressed: true,
      setHeaders(res, file) {
        // Hashed assets never change; index.html must always be fetched anew.
        void res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = isApiPath(request.url);
    // A missing asset is a 404, not index.html: the client then knows to reload after a deployment.
    if (request.method !== 'GET' || isApi || request.url.startsWith('/assets/')) throw notFound();
    if (!built) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web client is not built yet: run `npm run build` (npm start does it for you).');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

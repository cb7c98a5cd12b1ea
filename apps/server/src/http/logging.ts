import type { FastifyInstance, FastifyServerOptions } from 'fastify';

// Tokens travel in some paths (the confirmation link); they never reach a log line.
const SECRET_PATHS: RegExp[] = [
  /^(\/api\/auth\/confirm\/[^/]+\/)[^/?]+/,
  // The mailed links themselves, as the browser opens them (served by the web client's fallback).
  /^(\/confirm\/[^/]+\/)[^/?]+/,
  /^(\/resetpassword\/)[^/?]+/,
  /^(\/(?:groups|projects)\/join\/(?:[^/?]+\/)+)[^/?]+/,
  // An export's one-time download link.
  /^(\/api\/downloads\/)[^/?]+/,
];

export function redactUrl(url: string): string {
  let out = url;
  for (const re of SECRET_PATHS) out = out.replace(re, '$1[redacted]');
  // The provider's answer to single sign-on carries the authorization code and the state in its query.
  return out.replace(/([?&](?:token|access_token|id_token|code|state|session_state)=)[^&]*/gi, '$1[redacted]');
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        id: req.id,
      }),
    },
  };
}

/** One line per request with its id, user, status and duration; bodies are never logged. */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: redactUrl(request.url),
        statusCode: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
        userId: request.auth?.user.id,
      },
      'request completed',
    );
  });
}

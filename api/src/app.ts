/**
 * createApp: the Hono application with its middleware, error handler and every route.
 * Routes enter only through `registerRoutes`, which refuses one without an access rule;
 * any other path under /api/ answers 404 with a JSON message.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { GenericMessages } from 'contracts/common';
import type { AppDeps } from './deps';
import { fromDatabaseError, HttpError } from './http/errors';
import { rejectNul } from './http/reject-nul';
import { registerRoutes, RouteRegistry } from './http/route';
import { safePath } from './http/safe-path';
import { securityHeaders } from './http/security-headers';
import { describeError } from './services/log';
import { allRoutes } from './routes';
import { API_VERSION } from './version';

export { API_VERSION } from './version';

const MAX_BODY_BYTES = 5 * 1024 * 1024;

export interface App {
  app: Hono;
  registry: RouteRegistry;
}

export function errorResponse(error: unknown, c: Context, deps: AppDeps): Response {
  const known = error instanceof HttpError ? error : fromDatabaseError(error);
  if (known) {
    if (known.status === 429 && typeof known.extra.retryAfterSeconds === 'number') c.header('Retry-After', String(known.extra.retryAfterSeconds));
    return c.json(known.body(), known.status);
  }
  // Class, code and a cut message only: a failed query's parameters and a body's values never reach the log.
  deps.log.error('unhandled error', { method: c.req.method, path: safePath(c), ...describeError(error) });
  return c.json({ Message: GenericMessages.unexpected }, 500);
}

export function createApp(deps: AppDeps, options: { extend?: (app: Hono) => void } = {}): App {
  const app = new Hono();
  const registry = new RouteRegistry();

  app.use('*', securityHeaders());
  app.use('/api/*', async (c, next) => {
    const started = performance.now();
    await next();
    c.header('Cache-Control', 'no-store');
    if (deps.config.nodeEnv !== 'test') {
      deps.log.info('request', {
        method: c.req.method,
        path: safePath(c),
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      });
    }
  });
  app.use(
    '/api/*',
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ Message: 'The request body is too large.' }, 413) }),
  );
  app.use('*', rejectNul());

  registerRoutes(app, registry, allRoutes(registry, API_VERSION), deps);
  app.all('/api/*', (c) => c.json({ Message: 'There is no such API call.' }, 404));
  options.extend?.(app);
  app.notFound((c) => c.json({ Message: 'Not found.' }, 404));
  app.onError((error, c) => errorResponse(error, c, deps));
  return { app, registry };
}

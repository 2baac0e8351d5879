/**
 * createApp: the Hono application with its middleware, error handler and every route.
 * Routes enter only through `registerRoutes`, which refuses one without an access rule;
 * any other path under /api/ answers 404 with a JSON message.
 */
import { trace } from '@opentelemetry/api';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { matchedRoutes } from 'hono/route';
import { GenericMessages } from 'contracts/common';
import type { AppDeps } from './deps';
import { fromDatabaseError, HttpError } from './http/errors';
import { rejectNul } from './http/reject-nul';
import { fullPath, honoPath, registerRoutes, RouteRegistry } from './http/route';
import { safePath } from './http/safe-path';
import { securityHeaders } from './http/security-headers';
import { describeError } from './services/log';
import { NO_SUCH_CALL } from './services/metrics';
import { traceContextFor, withTraceId } from './services/trace-context';
import { allRoutes } from './routes';
import { isScimPath, SCIM_CONTENT_TYPE, scimErrorResponse, scimHttpError } from './routes/scim/scim.errors';
import { countScimCreates } from './routes/scim/scim.handlers';
import { SCIM_BASE_PATH } from 'contracts/identity/model';
import { API_VERSION } from './version';

export { API_VERSION } from './version';

const MAX_BODY_BYTES = 5 * 1024 * 1024;

export interface App {
  app: Hono;
  registry: RouteRegistry;
}

export function errorResponse(error: unknown, c: Context, deps: AppDeps): Response {
  const known = error instanceof HttpError ? error : fromDatabaseError(error);
  // A directory reads SCIM's error schema (RFC 7644 §3.12), whoever threw.
  if (known && isScimPath(c.req.path)) return scimHttpError(c, known);
  if (known) {
    if (known.status === 429 && typeof known.extra.retryAfterSeconds === 'number') c.header('Retry-After', String(known.extra.retryAfterSeconds));
    return c.json(known.body(), known.status);
  }
  // Class, code and a cut message only: a failed query's parameters and a body's values never reach the log.
  deps.log.error('unhandled error', { method: c.req.method, path: safePath(c), ...describeError(error) });
  if (isScimPath(c.req.path)) return scimErrorResponse(c, 500, GenericMessages.unexpected);
  return c.json({ Message: GenericMessages.unexpected }, 500);
}

/**
 * A server error's reply (5xx) with the request's trace id in its JSON body (`traceId`, beside
 * `Message`): a user's screenshot of the error leads to the request's log lines and trace.
 * Replies under 500 keep exactly their documented bodies (another licence's 404 is the same
 * as a missing entity's); every reply carries the id in its `traceparent` header.
 */
async function withTraceIdInBody(response: Response, traceId: string): Promise<Response> {
  if (!response.headers.get('content-type')?.includes('application/json')) return response;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  if (!body || typeof body !== 'object' || Array.isArray(body) || 'traceId' in body) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify({ ...body, traceId }), { status: response.status, statusText: response.statusText, headers });
}

/**
 * The declared path (`users/{username}`) of the route that answered a request: the metrics'
 * route label. A request no route answered is `(unmatched)` under /api/, `(console)` elsewhere.
 */
function templateReader(registry: RouteRegistry): (c: Context) => string {
  const templates = new Map<string, string>();
  for (const route of registry.routes) {
    templates.set(`${route.method} ${honoPath(route.path)}`, route.path);
    if (route.path.endsWith('/')) templates.set(`${route.method} ${honoPath(route.path)}/`, route.path);
  }
  return (c) => {
    const answered = matchedRoutes(c)[c.req.routeIndex];
    const template = answered && templates.get(`${answered.method} ${answered.path}`);
    if (template) return template;
    return c.req.path.startsWith('/api/') ? '(unmatched)' : '(console)';
  };
}

export function createApp(deps: AppDeps, options: { extend?: (app: Hono) => void } = {}): App {
  const app = new Hono();
  const registry = new RouteRegistry();

  // Each request: its trace id (in its log lines, its `traceparent` header and a 5xx reply's body), its route on its span,
  // and its count by route template (never its URL), status and duration.
  app.use('*', async (c, next) => {
    const started = performance.now();
    const { traceId, traceparent } = traceContextFor(c.req.header('traceparent'));
    await withTraceId(traceId, next);
    const route = routeTemplate(c);
    deps.metrics.request(c.req.method, route, c.res.status, (performance.now() - started) / 1000);
    const span = trace.getActiveSpan();
    if (span && !route.startsWith('(')) {
      span.setAttribute('http.route', fullPath(route));
      span.updateName(`${c.req.method} ${fullPath(route)}`);
    }
    if (c.res.status >= 500) c.res = await withTraceIdInBody(c.res, traceId);
    c.res.headers.set('traceparent', traceparent);
  });
  app.use('*', securityHeaders());
  app.use('/api/*', async (c, next) => {
    const started = performance.now();
    await next();
    c.header('Cache-Control', 'no-store');
    if (deps.config.nodeEnv !== 'test') {
      deps.log.info('request', {
        method: c.req.method,
        path: safePath(c),
        route: routeTemplate(c),
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      });
    }
  });
  app.use('/api/*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ Message: 'The request body is too large.' }, 413) }));
  app.use('*', rejectNul());

  // SCIM answers application/scim+json (RFC 7644 §3.1); its handlers answer through json() like every route.
  app.use(`${SCIM_BASE_PATH}/*`, async (c, next) => {
    await next();
    if (c.res.headers.get('content-type')?.startsWith('application/json')) c.res.headers.set('content-type', SCIM_CONTENT_TYPE);
  });
  app.use(`${SCIM_BASE_PATH}/*`, countScimCreates(deps.db));
  registerRoutes(app, registry, allRoutes(registry, API_VERSION), deps);
  const routeTemplate = templateReader(registry);
  app.all(`${SCIM_BASE_PATH}/*`, (c) => scimErrorResponse(c, 404, NO_SUCH_CALL));
  app.all('/api/*', (c) => c.json({ Message: NO_SUCH_CALL }, 404));
  options.extend?.(app);
  app.notFound((c) => c.json({ Message: 'Not found.' }, 404));
  app.onError((error, c) => errorResponse(error, c, deps));
  return { app, registry };
}

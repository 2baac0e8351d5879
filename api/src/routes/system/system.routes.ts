/**
 * Health (the console's health page calls it), the OpenAPI document and reference page, and the demo
 * outbox: the definitions (system.handlers.ts does them).
 */
import * as v from 'valibot';
import { HealthProbeReplySchema, HealthReplySchema, OpenApiDocumentSchema, OutboxReplySchema, hostEndpoints } from 'contracts/auth/model';
import { apiRoute, publicAccess, route } from '../../http/route';
import { noLicense } from '../../http/licence-scope';
import { REFERENCE_FILES } from '../../http/reference';

export const systemSpecs = {
  getHealth: route(hostEndpoints.getHealth, {
    scope: noLicense('the server’s own state'),
    response: HealthReplySchema,
    answers: { 503: 'the database does not answer' },
  }),

  getLive: apiRoute({
    scope: noLicense('the server’s own state'),
    method: 'GET',
    path: 'health/live',
    area: 'system',
    summary: 'Answers 200 while the server process answers (liveness): it reads no database.',
    description:
      'For an orchestrator’s liveness probe: a failure means the process should be restarted. It says only that the process answers, and its version.',
    access: publicAccess('Orchestrators and load balancers probe it without a session; it says only ok and the version.'),
    response: HealthProbeReplySchema,
  }),

  getReady: apiRoute({
    scope: noLicense('the server’s own state'),
    method: 'GET',
    path: 'health/ready',
    area: 'system',
    summary: 'Answers 200 when the server can take requests: the database answers, every migration of this version is applied, and it is not shutting down.',
    description:
      'For an orchestrator’s readiness probe and a load balancer’s health check: while it answers 503 (with ' +
      '`status: not ready` and the reason in `Message`), send the server no traffic. It answers 503 from ' +
      'the moment the server receives SIGTERM.',
    access: publicAccess('Orchestrators and load balancers probe it without a session; it says only ok or not ready, why, and the version.'),
    response: HealthProbeReplySchema,
    answers: {
      503:
        'Not ready: the database does not answer, a migration of this version is not applied yet, or the ' +
        'server is shutting down (`status: not ready`, the reason in `Message`).',
    },
  }),

  getMetrics: apiRoute({
    scope: noLicense('the server’s own counters'),
    method: 'GET',
    path: 'metrics',
    area: 'system',
    summary: 'The server’s metrics in Prometheus’ text format, for operators: only with METRICS_TOKEN as a bearer token.',
    description:
      'Off unless the server is started with `METRICS_TOKEN` (then send `Authorization: Bearer ' +
      '<METRICS_TOKEN>`); with `METRICS_PORT` the metrics are served at `/metrics` on that port instead, ' +
      'and this call answers 404. Requests by method, route template and status (count and latency), ' +
      'database pool and query latency, sign-ins by outcome, mail, scheduled jobs and background work, ' +
      'remotes that browsers could not load. No label holds a user name, an id or a URL.',
    access: publicAccess('Scraped by an operator’s Prometheus with its own token (METRICS_TOKEN), not a user’s session; off unless configured, 404 then.'),
    produces: 'text/plain',
    answers: {
      401: 'No `Authorization: Bearer <METRICS_TOKEN>`, or another token.',
      404: 'Metrics are off here (no METRICS_TOKEN, or they are on METRICS_PORT).',
    },
  }),

  openApiDocument: apiRoute({
    scope: noLicense('the API’s own description'),
    method: 'GET',
    path: 'openapi.json',
    area: 'system',
    summary: 'This API’s OpenAPI 3.1 document, generated from the route definitions.',
    access: publicAccess('Documentation of the public contract; holds no data.'),
    response: OpenApiDocumentSchema,
  }),

  referencePage: apiRoute({
    scope: noLicense('the API’s own description'),
    method: 'GET',
    path: 'docs',
    area: 'system',
    summary: 'The API reference: every call with its parameters, answers and code samples, and Try it out with an API key (Swagger UI, served by this server).',
    access: publicAccess('Documentation of the public contract; holds no data.'),
    produces: 'text/html',
  }),

  referenceFile: apiRoute({
    scope: noLicense('the API’s own description'),
    method: 'GET',
    path: 'docs/{file}',
    area: 'system',
    summary: 'The reference page’s scripts and styles (Swagger UI, bundled with the server), so the page loads nothing from another host.',
    description: `One of ${REFERENCE_FILES.map((name) => `\`${name}\``).join(', ')}; any other name answers 404.`,
    access: publicAccess('The reference page’s own files; they hold no data.'),
    params: v.object({ file: v.pipe(v.string(), v.maxLength(60)) }),
    produces: 'text/plain',
  }),

  outbox: apiRoute({
    scope: noLicense('the demo’s outbox, read with its key or by a super administrator'),
    method: 'GET',
    path: 'dev/outbox',
    area: 'system',
    summary: 'Mail the demo server would have sent, newest last: with the outbox key that `npm start` prints, or as a super administrator.',
    description:
      'Exists only in the demo (DEMO=true) without SMTP. The key goes in `X-Outbox-Key` or `?key=`. Without ' +
      'the key or a super administrator’s session, and in production, it answers 404: mail holds reset ' +
      'links and sign-in codes.',
    access: publicAccess('Demo only, and only with the outbox key printed at start or a super administrator’s session: anyone else gets 404.'),
    query: v.object({ to: v.optional(v.pipe(v.string(), v.maxLength(320))), key: v.optional(v.pipe(v.string(), v.maxLength(200))) }),
    response: OutboxReplySchema,
  }),
};

/** Health, the OpenAPI document and reference page, and the development outbox. */
import * as v from 'valibot';
import { HttpError, notFound } from '../../http/errors';
import { openApiDocument } from '../../http/openapi';
import { referencePage } from '../../http/reference';
import { defineRoute, publicAccess, type RouteRegistry } from '../../http/route';

export function systemRoutes(registry: RouteRegistry, version: string) {
  const document = (serverUrl: string) => openApiDocument(registry.routes, { version, serverUrl });
  return [
    defineRoute({
      method: 'GET',
      path: 'health',
      area: 'system',
      summary: 'Answers 200 when the database answers, 503 otherwise.',
      access: publicAccess('Load balancers and monitors check it without a session.'),
      response: v.object({ status: v.literal('ok'), database: v.picklist(['pglite', 'postgres']) }),
      answers: { 503: 'the database does not answer' },
      async handler({ deps, json }) {
        try {
          await deps.database.ping();
        } catch (error) {
          deps.log.error('health check failed', { error: (error as Error).message });
          throw new HttpError(503, 'The database is not answering.');
        }
        return json({ status: 'ok', database: deps.database.kind });
      },
    }),
    defineRoute({
      method: 'GET',
      path: 'openapi.json',
      area: 'system',
      summary: 'This API’s OpenAPI 3.1 document, generated from the route definitions.',
      access: publicAccess('Documentation of the public contract; holds no data.'),
      handler: ({ deps, json }) => json(document(`${deps.config.publicUrl}`)),
    }),
    defineRoute({
      method: 'GET',
      path: 'docs',
      area: 'system',
      summary: 'A readable API reference page.',
      access: publicAccess('Documentation of the public contract; holds no data.'),
      handler: ({ c, deps }) => c.html(referencePage(document(deps.config.publicUrl))),
    }),
    defineRoute({
      method: 'GET',
      path: 'dev/outbox',
      area: 'system',
      summary: 'Mail the server would have sent, newest last (development and tests only; 404 in production or with SMTP).',
      access: publicAccess('Exists only outside production, where no real mail is at stake.'),
      query: v.object({ to: v.optional(v.pipe(v.string(), v.maxLength(320))) }),
      handler({ deps, query, json }) {
        const outbox = deps.mailer.outbox;
        if (!outbox || deps.config.nodeEnv === 'production') throw notFound();
        const to = query.to?.toLowerCase();
        return json(to ? outbox.filter((m) => m.to.toLowerCase() === to) : outbox);
      },
    }),
  ];
}

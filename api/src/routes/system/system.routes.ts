/** Health, the OpenAPI document and reference page, and the development outbox. */
import { timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import { Role } from 'shared/roles';
import { databaseUnavailable, notFound } from '../../http/errors';
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
          throw databaseUnavailable();
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
      summary: 'Mail the demo server would have sent, newest last: with the outbox key that `npm start` prints, or as a super administrator.',
      description:
        'Exists only in the demo (DEMO=true) without SMTP. The key goes in `X-Outbox-Key` or `?key=`. Without the key or a super administrator’s session, and in production, it answers 404: mail holds reset links and sign-in codes.',
      access: publicAccess('Demo only, and only with the outbox key printed at start or a super administrator’s session: anyone else gets 404.'),
      query: v.object({ to: v.optional(v.pipe(v.string(), v.maxLength(320))), key: v.optional(v.pipe(v.string(), v.maxLength(200))) }),
      handler({ c, deps, caller, query, json }) {
        const outbox = deps.mailer.outbox;
        if (!outbox || !deps.config.demo || deps.config.nodeEnv === 'production') throw notFound();
        const key = c.req.header('x-outbox-key') ?? query.key ?? '';
        const superAdmin = caller?.roles.has(Role.ACCESS_ALL_CUSTOMER_LICENCES) ?? false;
        if (!superAdmin && !(deps.outboxKey && sameSecret(key, deps.outboxKey))) throw notFound();
        const to = query.to?.toLowerCase();
        return json(to ? outbox.filter((m) => m.to.toLowerCase() === to) : outbox);
      },
    }),
  ];
}

/** Compares two secrets in constant time. */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

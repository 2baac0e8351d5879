/** What the system calls do (system.routes.ts has their definitions). */
import { timingSafeEqual } from 'node:crypto';
import { Role } from 'shared/roles';
import { databaseUnavailable, notFound } from '../../http/errors';
import { openApiDocument } from '../../http/openapi';
import { referencePage } from '../../http/reference';
import { implement, type RouteRegistry } from '../../http/route';
import { describeError } from '../../services/log';
import { API_VERSION } from '../../version';
import { systemSpecs } from './system.routes';

/** Compares two secrets in constant time. */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The system routes; the document describes every route the registry holds. */
export function systemRoutes(registry: RouteRegistry, version: string) {
  const document = (serverUrl: string) => openApiDocument(registry.routes, { version, serverUrl });
  return implement(systemSpecs, {
    async getHealth({ deps, json }) {
      try {
        await deps.database.ping();
      } catch (error) {
        deps.log.error('health check failed', describeError(error));
        throw databaseUnavailable();
      }
      return json({ status: 'ok', version: API_VERSION, database: deps.database.kind });
    },

    openApiDocument: ({ deps, json }) => json(document(deps.config.publicUrl)),

    referencePage: ({ c, deps }) => c.html(referencePage(document(deps.config.publicUrl))),

    outbox({ c, deps, caller, query, json }) {
      const outbox = deps.mailer.outbox;
      if (!outbox || !deps.config.demo || deps.config.nodeEnv === 'production') throw notFound();
      const key = c.req.header('x-outbox-key') ?? query.key ?? '';
      const superAdmin = caller?.roles.has(Role.ACCESS_ALL_CUSTOMER_LICENCES) ?? false;
      if (!superAdmin && !(deps.outboxKey && sameSecret(key, deps.outboxKey))) throw notFound();
      const to = query.to?.toLowerCase();
      return json(to ? outbox.filter((m) => m.to.toLowerCase() === to) : outbox);
    },
  });
}

/** What the system calls do (system.routes.ts has their definitions). */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Role } from 'shared/roles';
import { databaseUnavailable, HttpError, notFound } from '../../http/errors';
import { missingMigrations } from '../../db/migration-state';
import { openApiDocument } from '../../http/openapi';
import { referenceFile, referencePage } from '../../http/reference';
import { implement, type RouteRegistry } from '../../http/route';
import { describeError } from '../../services/log';
import { metricsResponse, NO_SUCH_CALL } from '../../services/metrics';
import { API_VERSION } from '../../version';
import { systemSpecs } from './system.routes';

/** The readiness check's reasons, after 'Not ready: '. */
const SystemMessages = {
  shuttingDown: 'the server is shutting down.',
  databaseDown: 'the database does not answer.',
  migrationsMissing: (n: number) => `${n === 1 ? '1 migration' : `${n} migrations`} of this version ${n === 1 ? 'is' : 'are'} not applied to the database yet.`,
};

/** Compares two secrets in constant time (of their hashes: the length is not told either). */
function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());
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

    getLive: ({ json }) => json({ status: 'ok', version: API_VERSION }),

    async getReady({ c, deps, json }) {
      const notReady = (reason: string) => c.json({ status: 'not ready', version: API_VERSION, Message: `Not ready: ${reason}` }, 503);
      if (deps.lifecycle.draining) return notReady(SystemMessages.shuttingDown);
      let missing: number;
      try {
        await deps.database.ping();
        missing = await missingMigrations(deps.db);
      } catch (error) {
        deps.log.error('readiness check failed', describeError(error));
        return notReady(SystemMessages.databaseDown);
      }
      if (missing > 0) return notReady(SystemMessages.migrationsMissing(missing));
      return json({ status: 'ok', version: API_VERSION });
    },

    getMetrics({ c, deps }) {
      const token = deps.config.metricsToken;
      // Off, or served on their own port: the same 404 as a call that does not exist.
      if (!token || deps.config.metricsPort !== undefined) throw new HttpError(404, NO_SUCH_CALL);
      const given = /^Bearer +(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
      if (!sameSecret(given, token)) {
        c.header('WWW-Authenticate', 'Bearer realm="metrics"');
        throw new HttpError(401, 'The metrics need Authorization: Bearer <METRICS_TOKEN>.');
      }
      return metricsResponse(deps.metrics);
    },

    openApiDocument: ({ deps, json }) => json(document(deps.config.publicUrl)),

    referencePage: ({ c, deps }) => c.html(referencePage(document(deps.config.publicUrl))),

    referenceFile({ params }) {
      const file = referenceFile(params.file);
      if (!file) throw notFound();
      return new Response(file.body, { headers: { 'content-type': file.type } });
    },

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

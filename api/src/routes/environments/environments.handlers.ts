/**
 * What the environment calls do (environments.routes.ts has their definitions): the console
 * signs a user in, then sends them to an environment's server with a one-use session GUID
 * (Account/Authenticate). This server serves Account/Authenticate and Account/LogOff itself
 * for environments that point at it.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { html } from 'hono/html';
import { getCookie, setCookie, deleteCookie } from 'hono/cookie';
import { AuthMessages } from 'contracts/auth/model';
import { environments, environmentSessions, licenseEnvironments, licenses, sessionGuids, sessions, users } from '../../db/schema';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { implement, type HandlerOf } from '../../http/route';
import { environmentSpecs } from './environments.routes';
import { randomToken, sha256 } from '../../services/secrets';
import type { AppDeps } from '../../deps';

const SESSION_GUID_TTL_MS = 2 * 60_000;
const ENVIRONMENT_SESSION_HOURS = 12;
const COOKIE = 'environment_session';

const columns = {
  environmentId: environments.environmentId,
  name: environments.name,
  serverUrl: environments.serverUrl,
  label: environments.label,
};

/** The environments of a licence: those linked to it, else the one it was created in. */
export async function environmentsOfLicense(db: Db, licenseId: number) {
  const linked = await db
    .select(columns)
    .from(licenseEnvironments)
    .innerJoin(environments, eq(environments.environmentId, licenseEnvironments.environmentId))
    .where(eq(licenseEnvironments.licenseId, licenseId))
    .orderBy(environments.environmentId);
  if (linked.length > 0) return linked;
  return db
    .select(columns)
    .from(licenses)
    .innerJoin(environments, eq(environments.environmentId, licenses.environmentId))
    .where(eq(licenses.licenseId, licenseId));
}

/** Whether a user may be signed in to an environment: only one of their licence's (the console offers no other). */
async function mayEnter(db: Db, licenseId: number, environmentId: number): Promise<boolean> {
  return (await environmentsOfLicense(db, licenseId)).some((e) => e.environmentId === environmentId);
}

const pathPrefix = (serverUrl: string) => {
  try {
    return new URL(serverUrl).pathname.replace(/\/+$/, '');
  } catch {
    return null;
  }
};

/** Only URLs on the environment's own server, or the console, are followed after a hand-off. */
function safeRedirect(target: string | undefined, allowed: string[]): string | undefined {
  if (!target) return undefined;
  try {
    const url = new URL(target);
    return allowed.some((base) => {
      const b = new URL(base);
      return url.origin === b.origin && url.pathname.startsWith(b.pathname.replace(/\/+$/, '') || '/');
    })
      ? url.toString()
      : undefined;
  } catch {
    return undefined;
  }
}

/** The console's icon, inline: the hand-off page asks for no /favicon.ico, which nobody serves. */
const CONSOLE_ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect " +
  "width='32' height='32' rx='8' fill='%231d4ed8'/%3E%3Cpath d='M16 6a6 6 0 0 1 6 6c0 4.5-6 11-6 " +
  "11s-6-6.5-6-11a6 6 0 0 1 6-6Z' fill='%23fcc400'/%3E%3Ccircle cx='16' cy='12' r='2.2' " +
  "fill='%231d4ed8'/%3E%3C/svg%3E";

const page = (title: string, body: ReturnType<typeof html>) =>
  html`<!doctype html>
    <html lang="en-US">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        <link rel="icon" href="${CONSOLE_ICON}" />
        <style>
          body {
            font-family: system-ui, sans-serif;
            background: #f1f5f9;
            color: #0f172a;
            display: grid;
            place-items: center;
            min-height: 100vh;
            margin: 0;
          }
          main {
            background: white;
            border-radius: 12px;
            padding: 2rem 2.5rem;
            box-shadow: 0 4px 24px #0f172a1a;
            max-width: 32rem;
          }
          a {
            color: #1d4ed8;
            margin-right: 1.25rem;
          }
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`;

async function environmentFor(deps: AppDeps, environmentId: unknown, prefix: string) {
  const envId = Number(environmentId);
  if (!Number.isInteger(envId)) return undefined;
  const [environment] = await deps.db.select().from(environments).where(eq(environments.environmentId, envId));
  return environment && pathPrefix(environment.serverUrl) === prefix ? environment : undefined;
}

/** Serves Account/Authenticate at the root and under an environment's path. */
async function authenticateOnServer({ c, deps, query, audit }: Parameters<HandlerOf<(typeof environmentSpecs)['authenticate']>>[0]) {
  const prefix = c.req.param('envPath') ? `/${c.req.param('envPath')}` : '';
  const environment = await environmentFor(deps, query.environmentId, prefix);
  const now = deps.clock.now();
  const [row] = environment
    ? await deps.db
        .select({ guidHash: sessionGuids.guidHash, userId: users.userId, userName: users.userName, licenseId: users.licenseId })
        .from(sessionGuids)
        .innerJoin(sessions, eq(sessions.sessionId, sessionGuids.sessionId))
        .innerJoin(users, eq(users.userId, sessions.userId))
        .where(
          and(
            eq(sessionGuids.guidHash, sha256(query.sessionGuid)),
            isNull(sessionGuids.usedAt),
            gt(sessionGuids.expiresAt, now),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
            eq(users.isApproved, true),
            eq(users.isLockedOut, false),
          ),
        )
        .limit(1)
    : [];
  // A user is handed off only to an environment of their own licence (spec 1 §4, login flow).
  const allowed = row && environment ? await mayEnter(deps.db, row.licenseId, environment.environmentId) : false;
  const spent =
    row && allowed
      ? await deps.db
          .update(sessionGuids)
          .set({ usedAt: now })
          .where(and(eq(sessionGuids.guidHash, row.guidHash), isNull(sessionGuids.usedAt)))
          .returning({ guidHash: sessionGuids.guidHash })
      : [];
  if (!environment || !row || !allowed || spent.length === 0) {
    return c.html(
      page(
        'Sign-in failed',
        html`<h1>Sign-in failed</h1>
          <p>${AuthMessages.sessionGuidInvalid}</p>
          <p><a href="${deps.config.publicUrl}/login">Log in</a></p>`,
      ),
      400,
    );
  }
  const [envSession] = await deps.db
    .insert(environmentSessions)
    .values({
      userId: row.userId,
      environmentId: environment.environmentId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ENVIRONMENT_SESSION_HOURS * 3_600_000),
    })
    .returning({ id: environmentSessions.environmentSessionId });
  setCookie(c, COOKIE, envSession!.id, {
    path: prefix || '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: new URL(deps.config.publicUrl).protocol === 'https:',
    maxAge: ENVIRONMENT_SESSION_HOURS * 3600,
  });
  audit({
    entity: 'environment-session',
    entityId: envSession!.id,
    actor: { userId: row.userId, userName: row.userName },
    after: { environmentId: environment.environmentId },
  });
  const target = safeRedirect(query.redirectUrl, [environment.serverUrl]);
  if (target) return c.redirect(target, 302);
  const logOff = `${environment.serverUrl.replace(/\/+$/, '')}/Account/LogOff?redirectUrl=${encodeURIComponent(`${deps.config.publicUrl}/login`)}`;
  return c.html(
    page(
      environment.name,
      html`<h1>${environment.name}</h1>
        <p>You are signed in to ${environment.name} as <strong>${row.userName}</strong>.</p>
        <p><a href="${deps.config.publicUrl}/">Back to the console</a><a href="${logOff}">Log off</a></p>`,
    ),
  );
}

/** Serves Account/LogOff at the root and under an environment's path. */
async function logOffServer({ c, deps, query, audit }: Parameters<HandlerOf<(typeof environmentSpecs)['logOff']>>[0]) {
  const prefix = c.req.param('envPath') ? `/${c.req.param('envPath')}` : '';
  const id = getCookie(c, COOKIE);
  if (id && /^[0-9a-f-]{36}$/i.test(id)) {
    const ended = await deps.db
      .update(environmentSessions)
      .set({ endedAt: deps.clock.now() })
      .where(and(eq(environmentSessions.environmentSessionId, id), isNull(environmentSessions.endedAt)))
      .returning({ userId: environmentSessions.userId });
    if (ended.length > 0) audit({ entity: 'environment-session', entityId: id, after: { ended: true } });
  }
  deleteCookie(c, COOKIE, { path: prefix || '/' });
  // Absolute URLs come from PUBLIC_URL, never from the request's Host header.
  const target = safeRedirect(query.redirectUrl, [deps.config.publicUrl, new URL(deps.config.publicUrl).origin + (prefix || '/')]);
  if (target) return c.redirect(target, 302);
  return c.html(
    page(
      'Signed off',
      html`<h1>Signed off</h1>
        <p><a href="${deps.config.publicUrl}/login">Log in again</a></p>`,
    ),
  );
}

export const environmentRoutes = implement(environmentSpecs, {
  authenticate: authenticateOnServer,
  authenticateInEnvironment: authenticateOnServer,
  logOff: logOffServer,
  logOffInEnvironment: logOffServer,
  getDeployedVersion: async ({ deps, json }) =>
    json({
      vueDeployedVersion: await deps.consoleVersion(),
      appEnv: deps.config.appEnv,
      productName: deps.config.productName,
      mapTileUrl: deps.config.mapTileUrl ?? null,
      mapDefaultCenter: deps.config.mapDefaultCenter,
    }),

  async getEnvironments({ deps, caller, scope, json }) {
    if (scope.all) return json(await deps.db.select(columns).from(environments).orderBy(environments.environmentId));
    return json(await environmentsOfLicense(deps.db, caller.licenseId));
  },

  async getLicenseEnvironments({ deps, params, scope, json }) {
    scope.assert(params.licenseId);
    return json(await environmentsOfLicense(deps.db, params.licenseId));
  },

  async linkLicenseEnvironment({ deps, scope, params, audit, json }) {
    // An API key acts in its own licence only, whatever roles it holds (scope never widens for a key).
    scope.assert(params.licenseId);
    const [license] = await deps.db.select({ id: licenses.licenseId }).from(licenses).where(eq(licenses.licenseId, params.licenseId));
    const [environment] = await deps.db
      .select({ id: environments.environmentId })
      .from(environments)
      .where(eq(environments.environmentId, params.environmentId));
    if (!license || !environment) throw notFound();
    await deps.db.insert(licenseEnvironments).values(params).onConflictDoNothing();
    audit({ entity: 'license-environment', entityId: `${params.licenseId}/${params.environmentId}`, after: params });
    return json(await environmentsOfLicense(deps.db, params.licenseId), 201);
  },

  async getSessionGuid({ deps, caller, audit, json }) {
    const guid = randomToken(24);
    const now = deps.clock.now();
    await deps.db.insert(sessionGuids).values({
      guidHash: sha256(guid),
      sessionId: caller.sessionId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_GUID_TTL_MS),
    });
    audit({ entity: 'session-guid', entityId: caller.sessionId, after: { expiresInSeconds: SESSION_GUID_TTL_MS / 1000 } });
    return json({ sessionGuid: guid });
  },
});

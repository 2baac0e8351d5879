/**
 * The one way a call gets into the API: a route definition with a declared access rule.
 * `registerRoutes` refuses a definition without one, runs authentication and the role
 * check before the handler, validates params, query and body with valibot (answering the
 * schema's own message), and records the audit trail of every call that changes data.
 *
 * A route is built on the call's endpoint object (contracts/<area>/*.endpoints.ts), which
 * holds its name, method, path, access rule and the params, query and body schemas — the
 * same object the console's call function is derived from. An area is two files:
 * - `x.routes.ts`: `export const xSpecs = { getThing: route(thingEndpoints.getThing, {
 *   description, response, answers, grants }) }` — what only the API says: a stricter reply
 *   (which must fit the endpoint's, checked at compile time), statuses, what it grants. The
 *   OpenAPI document is made from it. A route the console never calls (health, the API
 *   reference) is `apiRoute({ method, path, … })`.
 * - `x.handlers.ts`: `export const xRoutes = implement(xSpecs, { async getThing({ db, scope,
 *   params, json }) { … return json(thing); } })` — what it does; each handler's context is
 *   typed from its spec, and `json()` takes only what the response schema describes.
 * Shared parameters are in contracts/common/params.ts; rules several areas share are in ../domain/.
 */
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import { AuthMessages, FactorMessages } from 'contracts/auth/model';
import { GenericMessages } from 'contracts/common';
import { ApiKeyMessages } from 'contracts/identity/model';
import { fieldErrors } from 'shared/issues';
import type { Access, AnyEndpoint, BodyType, Method, Schema } from 'contracts/common/endpoint';
import type { Db, Tx } from '../db/client';
import type { AppDeps } from '../deps';
import { describeError } from '../services/log';
import { auditRows, writeAudit, type AuditChannel, type AuditEntry, type AuditRow } from './audit';
import { listForObject, readJsonBody } from './json-body';
import { assertLicenseScope, licenseOfEntity, type LicenseScope } from './licence-scope';
import { authenticate, type Caller } from './auth';
import { badRequest, forbidden, HttpError, notFound, sessionEnded, unauthorized } from './errors';
import { registerSecretPath } from './safe-path';
import { scopeOf, type Scope } from './scope';

export type { Access, Method } from 'contracts/common/endpoint';
export { anyRole, publicAccess, signedIn } from 'contracts/common/endpoint';

/**
 * Power a call can hand out, which the privilege ceiling (domain/ceiling.ts) must hold:
 * roles, projects, or control of an account (its password, lock, activation, details, a copy,
 * a group membership).
 */
export type Grant = 'roles' | 'projects' | 'control';

type Out<S> = S extends Schema ? v.InferOutput<S> : undefined;
/** What a handler may answer: the response schema's input, or anything when a route declares none. */
type Reply<R> = R extends Schema ? v.InferInput<R> : unknown;

export interface RouteContext<A extends Access, B, Q, P, R = undefined> {
  c: Context;
  deps: AppDeps;
  db: Db;
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
  /** The signed-in caller; null only on public routes called without a valid session. */
  caller: A extends { kind: 'public' } ? Caller | null : Caller;
  /** The caller's licence scope: 404 for anything outside it. */
  scope: A extends { kind: 'public' } ? Scope | null : Scope;
  /**
   * Records a change for the audit trail. A write route's handler runs in one transaction (`db`
   * is it) and its entries are written in that transaction before it commits, so a change and
   * its record commit together or not at all. A route with `transaction: 'own'` writes the
   * entries recorded inside `transaction(...)` in that transaction, the rest after the handler.
   */
  audit(entry: AuditEntry): void;
  /**
   * Runs `work` in a transaction and writes the audit entries recorded so far, and during it,
   * in the same transaction. Inside a write route's own transaction it is a savepoint.
   */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * The audit rows of `entries` as this call's (its route, caller and `status`, by default the
   * route's), for a handler that inserts them itself with its change, in a transaction it
   * shares with other calls (db/group-commit.ts). They count as this call's record: no line
   * naming the call is added after it.
   */
  auditRows(entries: AuditEntry[], status?: number): Promise<AuditRow[]>;
  /** Answers JSON, typed by the route's response schema (the OpenAPI document shows the same schema). */
  json(body: Reply<R>, status?: number): Response;
}

/**
 * A route's definition without what it does — method, path, access rule, schemas and docs —
 * as an area's `x.routes.ts` declares it with `route({...})`. Its handler is joined to it in
 * `x.handlers.ts` with `implement()`, which types each handler's context from its spec.
 */
/** What the API says of a route beyond its endpoint: its reference text, stricter reply, statuses and grants. */
export interface RouteDoc<R> {
  /**
   * How the licence of what the call reads or changes is found (http/licence-scope.ts): every
   * route declares it, as it declares its access rule, and one without cannot start.
   */
  scope: LicenseScope;
  description?: string;
  /** The body as documented, when the handler validates it itself (a union of shapes). */
  bodyDoc?: Schema;
  /** The success body: types the handler's `json()` and documents the answer in OpenAPI (built on an endpoint: stricter than its reply, and must fit it). */
  response?: R;
  /** A success body that is not JSON (a page, a CSV file), documented as text of that type. */
  produces?: 'text/html' | 'text/csv' | 'text/plain' | 'application/pdf';
  /** The success status; 201 for creates. */
  status?: 200 | 201 | 202 | 204 | 210 | 302;
  /** Other answers worth documenting, status → meaning. */
  answers?: Record<number, string>;
  /** Needs a signed-in user's session (logout, session checks, hand-offs): an API key gets 403. */
  sessionOnly?: true;
  /**
   * Answers a set-up session too (issue 40: the licence requires a second factor the user has
   * not set up yet): the set-up calls, logout and the session checks. Every other route answers
   * such a session 403.
   */
  setupAllowed?: true;
  /**
   * `'own'`: the handler is not run in one transaction, because it does what must stay out of
   * one (hashing a password, sending mail) or must keep a write whatever it answers (a failed
   * sign-in counted), or writes in a transaction shared with other calls (a group commit:
   * db/group-commit.ts, with `auditRows`). It writes its changes through `transaction(...)`,
   * which writes their audit entries with them. Every other write route runs whole in one
   * transaction.
   */
  transaction?: 'own';
  /**
   * What the call can hand out (`[]`: nothing). Every authenticated write declares it, so a new
   * route cannot forget the privilege ceiling: the escalation test tries each declared grant
   * above the ceiling, as a licence administrator and as an API key.
   */
  grants?: readonly Grant[];
  /** How the call's changes came, recorded on their audit entries: 'scim' for the SCIM service provider's routes (History shows 'via SCIM'). */
  channel?: AuditChannel;
  /**
   * A write that changes none of the console's data (the browsers' reports of their remotes,
   * counted not audited): no line naming the call is written when it records no entry. `why`
   * says so, as a public route says why it is public.
   */
  unaudited?: { why: string };
}

export interface RouteSpec<A extends Access = Access, B = undefined, Q = undefined, P = undefined, R = undefined> extends RouteDoc<R> {
  /** The endpoint's name: the console's call function for this call, and the OpenAPI operationId. */
  name?: string;
  method: Method;
  /** The contract's path, relative to /api/ (`users/{username}`); absolute when it starts with '/'. */
  path: string;
  /** The contract's area (auth, identity, licensing, projects-sites, workflows, host, system). */
  area: string;
  summary: string;
  access: A;
  params?: P;
  query?: Q;
  body?: B;
  /** The body is text of this type (a CSV file), validated by `body` as a string, not JSON. */
  bodyType?: BodyType;
}

/** The JSON a route answers must parse with its endpoint's reply: the console reads every answer. */
type FitsReply<R, E extends AnyEndpoint> = R extends Schema
  ? [v.InferInput<R>] extends [v.InferInput<E['reply']>]
    ? unknown
    : { response: 'answers what the endpoint’s reply does not accept' }
  : unknown;

/**
 * Declares the route of an endpoint (x.routes.ts): the endpoint gives its name, method, path,
 * area, summary, access rule and the params, query and body schemas the route validates with;
 * the route adds what only the API says.
 */
export function route<E extends AnyEndpoint, R extends Schema | undefined = undefined>(
  endpoint: E,
  doc: RouteDoc<R> & FitsReply<R, E>,
): RouteSpec<E['access'], E['body'], E['query'], E['params'], R extends Schema ? R : E['reply']> {
  const { name, method, path, area, summary, access, params, query, body, bodyType, reply } = endpoint;
  return {
    name,
    method,
    path,
    area,
    summary,
    access,
    params,
    query,
    body,
    ...(bodyType ? { bodyType } : {}),
    ...(endpoint.replyKind === 'file' ? { produces: endpoint.fileType ?? 'text/csv' } : {}),
    ...doc,
    response: (doc.response ?? (endpoint.replyKind === 'file' ? undefined : reply)) as never,
  };
}

/** Declares a route the console never calls (the health check, the API reference): everything but its handler. */
export function apiRoute<
  A extends Access,
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  R extends Schema | undefined = undefined,
>(spec: RouteSpec<A, B, Q, P, R>): RouteSpec<A, B, Q, P, R> {
  return spec;
}

/** `{ Message }`: the answer of a write that has nothing else to say (written once, in contracts/common). */
export { MessageStrictReplySchema as MessageSchema } from 'contracts/common';

/** The handler a spec needs, its context typed from the spec. */
export type HandlerOf<S> =
  S extends RouteSpec<infer A, infer B, infer Q, infer P, infer R> ? (ctx: RouteContext<A, B, Q, P, R>) => Promise<Response> | Response : never;

/**
 * Joins an area's specs with their handlers (x.handlers.ts): one handler per spec, each typed
 * from its spec — a spec without a handler, or a handler without a spec, does not compile.
 * Answers the routes `registerRoutes` takes.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function implement<S extends Record<string, RouteSpec<any, any, any, any, any>>>(specs: S, handlers: { [K in keyof S]: HandlerOf<S[K]> }): AnyRoute[] {
  return Object.entries(specs).map(([name, spec]) => {
    const handler = handlers[name as keyof S];
    if (typeof handler !== 'function') throw new Error(`Route ${spec.method} ${spec.path} (${name}) has no handler.`);
    if (spec.name !== undefined && spec.name !== name) throw new Error(`Route ${spec.method} ${spec.path} is keyed ${name} but its endpoint is ${spec.name}.`);
    return { ...spec, name, handler } as AnyRoute;
  });
}

/** A route as the registry holds it: its spec (the response erased to a schema) and its handler. */
export interface RouteDef<A extends Access = Access, B = undefined, Q = undefined, P = undefined> extends RouteSpec<A, B, Q, P, Schema> {
  handler(ctx: RouteContext<A, B, Q, P>): Promise<Response> | Response;
}

// The handler's context is checked where the route is defined; the registry stores them erased.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRoute = RouteDef<Access, any, any, any>;

/** The route's URL path with {params}: contract paths sit under /api/, a path starting with '/' is absolute. */
export function fullPath(path: string): string {
  return path.startsWith('/') ? path : '/api/' + path.replace(/\/+$/, '');
}

/** Converts `users/{username}` into Hono's `/api/users/:username`. */
export function honoPath(path: string): string {
  return fullPath(path).replace(/\{(\w+)\}/g, ':$1');
}

function assertAccessRule(route: AnyRoute): void {
  const access = (route as { access?: Access }).access;
  const where = `${route.method} ${route.path}`;
  if (!access || typeof access !== 'object') throw new Error(`Route ${where} has no access rule; every route must declare one.`);
  if (access.kind === 'public' && !(typeof access.why === 'string' && access.why.trim())) {
    throw new Error(`Public route ${where} must say why it is public.`);
  }
  if (access.kind === 'anyRole' && !(Array.isArray(access.roles) && access.roles.length > 0)) {
    throw new Error(`Route ${where} requires roles but names none.`);
  }
  if (!['public', 'signedIn', 'anyRole'].includes(access.kind)) throw new Error(`Route ${where} has an unknown access rule.`);
  if (route.method !== 'GET' && access.kind !== 'public' && !Array.isArray(route.grants)) {
    throw new Error(`Route ${where} changes data for a signed-in caller but does not declare what it grants (grants: [] when nothing).`);
  }
  assertLicenseScope(route);
}

function validate<S extends Schema>(schema: S, input: unknown, onFail: (message: string, errors: Record<string, string>) => HttpError) {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const errors = fieldErrors(result.issues);
  const first = Object.values(errors)[0] ?? GenericMessages.invalidBody;
  throw onFail(first, errors);
}

/** Validates `input` as a body: 400 with the schema's first message and every field's message. */
export function parseBody<S extends Schema>(schema: S, input: unknown): v.InferOutput<S> {
  return validate(schema, input, (message, errors) => badRequest(message, { errors }));
}

/** A text body of `type` (a CSV file): another declared Content-Type is a 415. */
async function readText(c: Context, type: BodyType): Promise<string> {
  const sent = c.req.header('content-type')?.split(';')[0]!.trim().toLowerCase();
  if (sent && sent !== type && sent !== 'text/plain') throw new HttpError(415, GenericMessages.bodyType(type));
  return c.req.text();
}

/** A write whose audit cannot be written does not answer success: it is rolled back. */
class AuditWriteFailed extends Error {}

async function handle(route: AnyRoute, c: Context, deps: AppDeps): Promise<Response> {
  /** Entries recorded and not yet written. */
  const pending: AuditEntry[] = [];
  /** Whether any entry was written: a write that wrote none leaves a line naming the call. */
  let wrote = false;
  let caller: Caller | null = null;
  let status = 500;
  const writeEntries = async (db: Db, entries: AuditEntry[], at: number) => {
    if (entries.length === 0 && (wrote || route.method === 'GET' || route.unaudited)) return;
    wrote = true;
    try {
      await writeAudit({ ...deps, db }, { route, c, caller, status: at, entries });
    } catch (error) {
      deps.log.error('audit write failed', { path: route.path, ...describeError(error) });
      throw new AuditWriteFailed();
    }
  };
  /** Runs `work` in a transaction (a savepoint inside one) and writes the entries recorded by then with it. */
  const inTransaction = <T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      const result = await work(tx);
      if (pending.length) await writeEntries(tx as unknown as Db, pending.splice(0), route.status ?? 200);
      return result;
    });
  try {
    const outcome = await authenticate(c, deps);
    if (route.access.kind !== 'public') {
      if (outcome.kind === 'none') throw unauthorized();
      if (outcome.kind === 'invalid') throw unauthorized(outcome.message ?? AuthMessages.notAuthenticated);
      if (outcome.kind === 'ended') throw sessionEnded(outcome.message);
    }
    caller = outcome.kind === 'caller' ? outcome.caller : null;
    if (route.sessionOnly && caller?.apiKey) throw forbidden(ApiKeyMessages.sessionOnly);
    if (caller?.setupOnly && route.access.kind !== 'public' && !route.setupAllowed) throw forbidden(FactorMessages.setupOnly);
    if (route.access.kind === 'anyRole' && !route.access.roles.some((role) => caller!.roles.has(role))) throw forbidden();

    const params = route.params ? validate(route.params, c.req.param(), () => notFound()) : undefined;
    const scope = caller ? scopeOf(caller) : null;
    // The licence of what the path names, before anything else is read: outside the scope, a 404 like a missing one.
    if (route.scope.kind === 'entity' && scope) {
      const { of, param, orNone } = route.scope;
      const licenseId = await licenseOfEntity(deps.db, of, c.req.param(param) ?? '');
      if (licenseId === undefined || (licenseId === null ? !orNone : !scope.canSee(licenseId))) throw notFound();
    }
    const query = route.query ? validate(route.query, c.req.query(), (m, errors) => badRequest(m, { errors })) : undefined;
    if (route.scope.kind === 'list' && scope) scope.listLicense((query as { licenseId?: number } | undefined)?.licenseId);
    let body: unknown;
    if (route.body) {
      const sent = route.bodyType ? await readText(c, route.bodyType) : await readJsonBody(c);
      const misplaced = listForObject(route.body as never, sent);
      if (misplaced !== undefined) {
        const message = GenericMessages.bodyShape('an object');
        throw badRequest(misplaced ? `${misplaced}: ${message}` : message, misplaced ? { errors: { [misplaced]: message } } : {});
      }
      body = validate(route.body, sent, (m, errors) => badRequest(m, { errors }));
    }
    const run = (db: Db) =>
      route.handler({
        c,
        // Inside the route's transaction, whatever reads `deps.db` reads the transaction too.
        deps: db === deps.db ? deps : { ...deps, db },
        db,
        body,
        query,
        params,
        caller,
        scope,
        audit: (entry: AuditEntry) => void pending.push(entry),
        transaction: (work) => inTransaction(db, work),
        auditRows: (entries, at = route.status ?? 200) => {
          wrote = true;
          return auditRows(deps, { route, c, caller, status: at, entries });
        },
        json: (payload: unknown, code = route.status ?? 200) => c.json(payload as object, code as 200),
      });
    let response: Response;
    if (route.method === 'GET' || route.transaction === 'own') {
      response = await run(deps.db);
      status = response.status;
      // What the handler recorded outside a transaction of its own: written now; a failure answers 500.
      await writeEntries(deps.db, pending.splice(0), status);
    } else {
      // A write: the handler and its audit rows in one transaction, committed together or not at all.
      response = await deps.db.transaction(async (tx) => {
        const answer = await run(tx as unknown as Db);
        status = answer.status;
        await writeEntries(tx as unknown as Db, pending.splice(0), status);
        return answer;
      });
    }
    return response;
  } catch (error) {
    if (error instanceof AuditWriteFailed) throw new Error('The change was not made: its audit entry could not be written.', { cause: error });
    if (error instanceof HttpError) status = error.status;
    // A refused write changed nothing (its transaction rolled back); what it recorded says what was tried.
    if (pending.length) await writeEntries(deps.db, pending.splice(0), status).catch(() => undefined);
    throw error;
  }
}

/** Every route of the API, as registered; the OpenAPI document is made from this list. */
export class RouteRegistry {
  readonly routes: AnyRoute[] = [];
}

export function registerRoutes(app: Hono, registry: RouteRegistry, routes: readonly AnyRoute[], deps: AppDeps): void {
  // Paths that differ only by their parameters' names (configs/{projectId}, configs/{configId}) are one path to a request.
  const shape = (path: string) => honoPath(path).replace(/:\w+/g, ':');
  for (const route of routes) {
    assertAccessRule(route);
    const path = honoPath(route.path);
    if (registry.routes.some((r) => r.method === route.method && shape(r.path) === shape(route.path))) {
      throw new Error(`Route ${route.method} ${route.path} is registered twice.`);
    }
    registry.routes.push(route);
    registerSecretPath(route.path);
    app.on(route.method, path, (c) => handle(route, c, deps));
    // A contract path written with a trailing slash (projects/{projectId}/sites/) is called with
    // it by the console, and without it by a client generated from the OpenAPI document: both reach the route.
    if (route.path.endsWith('/')) app.on(route.method, `${path}/`, (c) => handle(route, c, deps));
  }
}

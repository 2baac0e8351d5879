/**
 * One definition per call. An endpoint object says everything the console and the API must
 * agree on — its name, method and path, path parameters, query, body, reply and the roles that
 * may call it — and nothing about React or HTTP clients, so both sides import it:
 * - the console's call function is derived from it (`callOf` in ./call.ts);
 * - the API's route is built on it (`route(endpoint, { … })` in api/src/http/route.ts), which
 *   validates params, query and body with these very schemas and answers their messages, and
 *   may answer with a stricter reply only where that reply type-checks against this one;
 * - the list of calls (../endpoints.ts) is made of them, and a test holds it equal to
 *   contract/endpoints.tsv plus ADDED_CALLS.
 *
 * Path and query schemas read what a URL holds (strings); the console passes numbers and flags
 * (`QueryInput`). The reply is the console's: tolerant of what the platform's own API sends.
 */
import type * as v from 'valibot';
import type { AnyRoleName } from 'shared/roles';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The contract's areas (contract/endpoints.tsv's third column). */
export type Area = 'auth' | 'host' | 'identity' | 'licensing' | 'projects-sites' | 'workflows';

/** Who may call an endpoint. Every endpoint declares one; there is no default. */
export type Access =
  /** No sign-in needed; `why` says why that is safe, and shows in the API reference. */
  | { readonly kind: 'public'; readonly why: string }
  /** Any signed-in user; the server limits what they see to their licence scope. */
  | { readonly kind: 'signedIn' }
  /** A signed-in user holding at least one of these roles. */
  | { readonly kind: 'anyRole'; readonly roles: readonly AnyRoleName[] };

export const publicAccess = (why: string) => ({ kind: 'public', why }) as const satisfies Access;
export const signedIn = { kind: 'signedIn' } as const satisfies Access;
export const anyRole = <const R extends readonly AnyRoleName[]>(...roles: R) => ({ kind: 'anyRole', roles }) as const satisfies Access;

export type Schema = v.GenericSchema<unknown, unknown>;

/**
 * How the console reads the answer: its JSON body (`json`, the default), its status and body
 * (`status`: a 210 carries a warning), or a file to save (`file`: a CSV export).
 */
export type ReplyKind = 'json' | 'status' | 'file';

/** A file an endpoint answers (`replyKind: 'file'`). */
export type FileType = 'text/csv' | 'application/pdf';

/** A body sent as text rather than JSON (a site hierarchy's CSV file). */
export type BodyType = 'text/csv';

/** An endpoint as written in its group: everything but its name and area, which the group gives. */
export interface EndpointDefinition<
  Path extends string = string,
  A extends Access = Access,
  P extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
  R extends Schema = Schema,
  K extends ReplyKind = ReplyKind,
> {
  readonly method: Method;
  /** As contract/endpoints.tsv writes it, relative to the API base (`users/{username}`). */
  readonly path: Path;
  /** What the call does, in a sentence (the API reference's summary). */
  readonly summary: string;
  readonly access: A;
  /** The path parameters, as the URL holds them; every `{name}` of `path` is one. */
  readonly params?: P;
  readonly query?: Q;
  /** The body; its messages are the ones both the API answers and the console's forms show. */
  readonly body?: B;
  /**
   * The body is text of this type (a CSV file), not JSON: the console sends the string as it is
   * and the API validates the text with `body` (a string schema).
   */
  readonly bodyType?: BodyType;
  /** The answer as the console reads it (tolerant); the API may answer a stricter schema that fits it. */
  readonly reply: R;
  readonly replyKind?: K;
  /** A `file` reply's media type: what the console asks for (Accept) and the API reference states; text/csv when not given. */
  readonly fileType?: FileType;
  /** A query the call always sends (a preview); the API reads it like any other. */
  readonly fixedQuery?: Readonly<Record<string, string | number | boolean>>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDefinition = EndpointDefinition<string, Access, any, any, any, any, ReplyKind>;

/** An endpoint: its definition, its name (the console's call function and the API's operationId) and its area. */
export type Endpoint<D extends AnyDefinition = AnyDefinition, N extends string = string> = D & { readonly name: N; readonly area: Area };

export type AnyEndpoint = Endpoint;

/** Defines one endpoint of a group: the object is returned as written, its types kept exactly. */
export function endpoint<const D extends AnyDefinition>(definition: D & PathParamsOf<D['path'], ParamsOf<D>>): D {
  return definition;
}

/**
 * The dry run of a call that takes `?preview=true` (ours): the same method, path, access, path
 * parameters and body as the call it previews, `preview=true` always sent, and its own summary
 * and reply (what the change would do; the call's own reply when it answers the same).
 */
export function previewOf<const D extends AnyDefinition, const R extends Schema = D['reply']>(
  call: D,
  preview: { readonly summary: string; readonly reply?: R },
): Omit<D, 'summary' | 'query' | 'reply' | 'replyKind' | 'fixedQuery'> & {
  readonly summary: string;
  readonly reply: R;
  readonly fixedQuery: { readonly preview: true };
} {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { summary, query, reply, replyKind, fixedQuery, ...same } = call;
  return { ...same, summary: preview.summary, reply: (preview.reply ?? reply) as R, fixedQuery: { preview: true } };
}

/** An endpoint's params, query and body schemas (undefined when it has none), and its reply kind. */
export type ParamsOf<E> = E extends { readonly params: infer P extends Schema } ? P : undefined;
export type QueryOf<E> = E extends { readonly query: infer Q extends Schema } ? Q : undefined;
export type BodyOf<E> = E extends { readonly body: infer B extends Schema } ? B : undefined;
export type ReplyKindOf<E> = E extends { readonly replyKind: infer K extends ReplyKind } ? K : 'json';

/**
 * A group of endpoints of one area, each named by its key (`{ getUser: endpoint({…}) }`):
 * the key is the console's call function and the API's operationId.
 */
export function endpointGroup<const G extends Record<string, AnyDefinition>>(
  area: Area,
  definitions: G,
): { readonly [K in keyof G & string]: Endpoint<G[K], K> } {
  return Object.fromEntries(Object.entries(definitions).map(([name, definition]) => [name, { ...definition, name, area }])) as never;
}

/** `"GET users/{username}"`: how contract/endpoints.tsv and ADDED_CALLS name a call. */
export const callKey = (e: Pick<AnyEndpoint, 'method' | 'path'>) => `${e.method} ${e.path}`;

/** The roles that may call an endpoint; undefined when any signed-in user (or anyone) may. */
export function rolesOf(e: Pick<AnyEndpoint, 'access'>): readonly AnyRoleName[] | undefined {
  return e.access.kind === 'anyRole' ? e.access.roles : undefined;
}

/**
 * Who may open a console screen that exists to make this call: the endpoint's roles, or
 * 'signedIn' (the kernel's RouteAccess), so a route's guard and the API's check are one rule.
 */
export function screenAccess(e: Pick<AnyEndpoint, 'access'>): readonly AnyRoleName[] | 'signedIn' {
  return rolesOf(e) ?? 'signedIn';
}

/** The names of a path's `{parameters}`, in order. */
export type PathParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamNames<Rest> : never;

/** A params schema, when given, names exactly the path's parameters (a typo does not compile). */
type PathParamsOf<Path extends string, P> = P extends Schema
  ? [keyof v.InferOutput<P>] extends [PathParamNames<Path>]
    ? [PathParamNames<Path>] extends [keyof v.InferOutput<P>]
      ? unknown
      : { params: 'names every parameter of the path' }
    : { params: 'names only parameters of the path' }
  : unknown;

/** A query value as the console passes it: a flag as a boolean, a number as a number. */
type QueryValue<T> = T extends 'true' | 'false' ? boolean | T : string extends T ? string | number : T;

/** The query the console passes for a query schema (whose URL form is strings). */
export type QueryInput<Q> = Q extends Schema ? { [K in keyof v.InferInput<Q>]: QueryValue<v.InferInput<Q>[K]> } : never;

/** The body the console passes. */
export type BodyInput<B> = B extends Schema ? v.InferInput<B> : never;

type PathArgs<Path extends string> = Path extends `${string}{${string}}${infer Rest}` ? [string | number, ...PathArgs<Rest>] : [];

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type QueryArgs<Q> = Q extends v.GenericSchema ? ({} extends QueryInput<Q> ? [query?: QueryInput<Q>] : [query: QueryInput<Q>]) : [];
type BodyArgs<B> = B extends v.GenericSchema ? [body: BodyInput<B>] : [];

/** A call's arguments, as the console's call function (./call.ts) and the API tests' client take them: path parameters, body, query. */
export type CallArgs<E extends AnyEndpoint> = [...PathArgs<E['path']>, ...BodyArgs<BodyOf<E>>, ...QueryArgs<QueryOf<E>>];

/** The answer the console reads. */
export type ReplyOutput<E extends AnyEndpoint> = v.InferOutput<E['reply']>;

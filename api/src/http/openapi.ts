/**
 * The OpenAPI document, made from the route registry: a served route is documented because
 * registering it is the only way to serve it.
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { codeSamples, exampleOf } from './code-samples';
import { WHOLE_NUMBER } from './params';
import { fullPath, type AnyRoute } from './route';

type JsonSchema = Record<string, unknown>;

function schemaOf(schema: v.GenericSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  const json = toJsonSchema(schema, { errorMode: 'ignore' }) as JsonSchema;
  delete json.$schema;
  return json;
}

/**
 * A path or query parameter's schema. The server reads every parameter as text, but a
 * generated client should send numbers and flags as what they are: a whole-number string
 * (params.ts's wholeNumber, with the bounds after it) is an integer, a 'true'/'false' flag
 * is a boolean — both travel as the same text.
 */
function parameterSchemas(schema: v.GenericSchema | undefined): { properties: Record<string, JsonSchema>; required: string[] } {
  if (!schema) return { properties: {}, required: [] };
  const json = toJsonSchema(schema, {
    errorMode: 'ignore',
    overrideAction({ valibotAction: action, jsonSchema }) {
      const requirement = (action as { requirement?: unknown }).requirement;
      if (action.type === 'regex' && requirement instanceof RegExp && requirement.source === WHOLE_NUMBER.source) {
        const { pattern: _pattern, ...rest } = jsonSchema as JsonSchema;
        return { ...rest, type: 'integer', minimum: 0, maximum: 999_999_999 };
      }
      if ((jsonSchema as JsonSchema).type !== 'integer' || typeof requirement !== 'number') return undefined;
      if (action.type === 'min_value') return { ...jsonSchema, minimum: requirement };
      if (action.type === 'max_value') return { ...jsonSchema, maximum: requirement };
      return undefined;
    },
  }) as { properties?: Record<string, JsonSchema>; required?: string[] };
  const properties: Record<string, JsonSchema> = {};
  for (const [name, property] of Object.entries(json.properties ?? {})) {
    const flag = Array.isArray(property.enum) && [...property.enum].sort().join() === 'false,true';
    if (flag) properties[name] = { type: 'boolean', ...('default' in property ? { default: property.default === 'true' } : {}) };
    else if (property.type === 'integer' && typeof property.default === 'string') properties[name] = { ...property, default: Number(property.default) };
    else properties[name] = property;
  }
  return { properties, required: json.required ?? [] };
}

/** Each area's tag, described (the contract's areas). */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  auth: 'Signing in and out, two-factor codes, sessions, password recovery and single sign-on.',
  'environment-server': 'The browser hand-off to an environment’s server: sign in there with a session GUID, sign off, each ending in a redirect.',
  host: 'What the console shell needs: environments, the hand-off to an environment, the deployed version.',
  identity: 'Users and their roles, product licences, projects, imports and reports; user groups; API keys.',
  licensing: 'Customer licences, their add-ons, configuration, usage and reports.',
  'projects-sites': 'Projects, sites and their hierarchies, imports.',
  workflows: 'Progress workflows and preservation plans.',
  system: 'Health, the OpenAPI document and its reference page.',
};

const STATUS_TEXT: Record<number, string> = {
  400: 'The input is not valid: `Message` names the first problem, `errors` every field (a value with a NUL character is refused too).',
  401: 'No session, or a token that does not verify.',
  403: 'The caller lacks the role this call needs.',
  404: 'Not found, or outside the caller’s licence scope.',
  409: 'The name or value is taken.',
  412: 'The session has ended (logged out, expired, user locked or deactivated): the console logs out.',
  429: 'Too many failed attempts (sign-in, codes, API keys): wait `Retry-After` seconds.',
  500: 'An unexpected error on the server: quote `traceId` when reporting it.',
  503: 'The database does not answer (restarting or unreachable): try again shortly.',
};

/**
 * The operation's stable id: the route spec's key, which is the console's call function for
 * the contract call (`getUsers`, `updateUser`), so generated clients get the same method
 * names, and renaming a path parameter changes nothing. Routes made outside `implement()`
 * fall back to a camelCase name of method and path.
 */
export function operationId(route: AnyRoute): string {
  if (route.name) return route.name;
  const words = `${route.method} ${route.path}`.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.map((word, i) => (i === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1))).join('');
}

/** Any request whose URL holds a NUL is refused before its route (reject-nul.ts): every operation can answer this 400. */
const NUL_TEXT = 'A value in the URL holds a character that is not allowed (NUL).';

/** The answers for a status the route does not describe itself. */
const SUCCESS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  210: 'Partly done: the body says what was not',
  302: 'Redirect (a browser hand-off: follow `Location`)',
};

/** An error's body: the message, and for invalid input each field's message. */
const ERROR_BODY = {
  type: 'object',
  required: ['Message'],
  properties: {
    Message: { type: 'string', description: 'What went wrong, in the words the console shows.' },
    errors: { type: 'object', additionalProperties: { type: 'string' }, description: 'For invalid input: each field’s message, by field.' },
  },
};

/**
 * A server error's body (5xx): the message and the request's trace id (also in the reply's
 * `traceparent` header), which finds the request in the server's logs and traces.
 */
const SERVER_ERROR_BODY = {
  type: 'object',
  required: ['Message', 'traceId'],
  properties: {
    Message: { type: 'string', description: 'What went wrong, in the words the console shows.' },
    traceId: {
      type: 'string',
      pattern: '^[0-9a-f]{32}$',
      description:
        'The request’s trace id (W3C, 32 hex digits), the same as in the reply’s `traceparent` header: quote ' +
        'it when reporting the problem; it finds the request’s log lines and trace.',
    },
  },
};

/**
 * The document's named schemas: a recursive schema (a site tree: `v.lazy`) comes out of
 * toJsonSchema with its own `$defs` and `#/$defs/0` references, which an OpenAPI document
 * cannot resolve where the schema sits. Each definition becomes a component instead, named
 * after the first operation using it (`getProjectSitesReplyNode`), one component per shape.
 */
class SharedSchemas {
  readonly schemas: Record<string, JsonSchema> = { Error: ERROR_BODY, ServerError: SERVER_ERROR_BODY };
  private readonly byShape = new Map<string, string>();

  /** `json` with its `$defs` moved to components, its references pointing at them. */
  hoist(json: JsonSchema | undefined, name: string): JsonSchema | undefined {
    const defs = json?.$defs as Record<string, JsonSchema> | undefined;
    if (!json || !defs) return json;
    delete json.$defs;
    const names: Record<string, string> = {};
    const fresh: [string, JsonSchema][] = [];
    for (const [key, def] of Object.entries(defs)) {
      const shape = JSON.stringify(def);
      let named = this.byShape.get(shape);
      if (!named) {
        named = Object.keys(defs).length > 1 ? `${name}${key}` : name;
        this.byShape.set(shape, named);
        fresh.push([named, def]);
      }
      names[key] = named;
    }
    const rewrite = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(rewrite);
      if (!value || typeof value !== 'object') return value;
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [
          key,
          key === '$ref' && typeof item === 'string' && item.startsWith('#/$defs/')
            ? `#/components/schemas/${names[item.slice('#/$defs/'.length)]}`
            : rewrite(item),
        ]),
      );
    };
    for (const [named, def] of fresh) this.schemas[named] = rewrite(def) as JsonSchema;
    return rewrite(json) as JsonSchema;
  }
}

function accessText(route: AnyRoute): string {
  const access = route.access;
  if (access.kind === 'public') return `Public: ${access.why}`;
  if (access.kind === 'signedIn') return 'Any signed-in user, within their licence scope.';
  return `Signed in with any of: ${access.roles.join(', ')}; within their licence scope.`;
}

export function openApiDocument(routes: readonly AnyRoute[], info: { version: string; serverUrl: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  const shared = new SharedSchemas();
  const tags = new Set<string>();
  for (const route of routes) {
    tags.add(route.area);
    const path = fullPath(route.path);
    const pathSchemas = parameterSchemas(route.params).properties;
    const parameters: unknown[] = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: pathSchemas[m[1]!] ?? { type: 'string' },
    }));
    const query = parameterSchemas(route.query);
    for (const [name, schema] of Object.entries(query.properties)) {
      parameters.push({ name, in: 'query', required: query.required.includes(name), schema });
    }
    // A text body (a CSV file) is documented as text of its type; its rules are in the description.
    const body = route.bodyType ? { type: 'string' } : shared.hoist(schemaOf(route.body ?? route.bodyDoc), `${operationId(route)}BodyNode`);
    const status = route.status ?? 200;
    const responses: Record<string, unknown> = {
      [status]: {
        description: SUCCESS_TEXT[status] ?? 'OK',
        ...(route.response ? { content: { 'application/json': { schema: shared.hoist(schemaOf(route.response), `${operationId(route)}ReplyNode`) } } } : {}),
        ...(route.produces ? { content: { [route.produces]: { schema: { type: 'string' } } } } : {}),
      },
    };
    const codes = new Set<number>([...(route.access.kind === 'public' ? [] : [401, 412, 429]), ...(route.access.kind === 'anyRole' ? [403] : [])]);
    codes.add(400);
    // Any call may meet a database that is restarting (a caller's token is checked there too).
    codes.add(503);
    // Any call may meet an unexpected error: its body carries the trace id.
    codes.add(500);
    if (parameters.some((p) => (p as { in: string }).in === 'path')) codes.add(404);
    for (const code of Object.keys(route.answers ?? {})) codes.add(Number(code));
    for (const code of [...codes].sort()) {
      responses[code] = {
        description: route.answers?.[code] ?? (code === 400 && !body && !route.query ? NUL_TEXT : (STATUS_TEXT[code] ?? 'Error')),
        content: { 'application/json': { schema: { $ref: code >= 500 ? '#/components/schemas/ServerError' : '#/components/schemas/Error' } } },
      };
    }
    paths[path] ??= {};
    paths[path]![route.method.toLowerCase()] = {
      tags: [route.area],
      summary: route.summary,
      description: [route.description, `**Access:** ${accessText(route)}`].filter(Boolean).join('\n\n'),
      operationId: operationId(route),
      ...(route.access.kind === 'public' ? { security: [] } : route.sessionOnly ? { security: [{ bearer: [] }] } : {}),
      'x-access': route.access,
      ...(parameters.length ? { parameters } : {}),
      ...(body ? { requestBody: { required: true, content: { [route.bodyType ?? 'application/json']: { schema: body } } } } : {}),
      responses,
      'x-codeSamples': codeSamples({
        method: route.method,
        path,
        serverUrl: info.serverUrl,
        auth: route.access.kind === 'public' ? 'none' : route.sessionOnly ? 'bearer' : 'apiKey',
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
        query: Object.fromEntries(query.required.map((name) => [name, exampleOf(query.properties[name])])),
        body: route.bodyType ? { text: route.bodyType } : body ? { json: exampleOf(body) } : undefined,
      }),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Administration console API',
      version: info.version,
      license: { name: 'Proprietary: for customers of the platform and their integrations', url: `${info.serverUrl}/api/docs#terms` },
      contact: { name: 'The console’s administrators', url: info.serverUrl },
      description:
        'The calls the administration console makes. Send `Authorization: Bearer <token>` from `POST login`, ' +
        'or `Authorization: ApiKey <key>` with an API key made in the console (it acts with exactly its own ' +
        'roles, projects and licence). Errors are JSON with `Message` (or `ExceptionMessage` where noted); a ' +
        'server error (5xx) adds `traceId`. Every reply carries the request’s trace id in a W3C `traceparent` ' +
        'header.',
    },
    servers: [{ url: info.serverUrl }],
    tags: [...tags].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? `The ${name} calls.` })),
    security: [{ bearer: [] }, { apiKey: [] }],
    components: {
      schemas: shared.schemas,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: '`ApiKey <key>`: a key made under API keys in the console, shown once when made.',
        },
      },
    },
    paths,
  };
}

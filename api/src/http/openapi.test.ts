import { readFileSync } from 'node:fs';
import { createTestApp, type TestApp } from '../../test/harness';
import { callKey } from 'contracts/common/endpoint';
import { ENDPOINTS } from 'contracts/endpoints';
import { fullPath } from './route';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** Routes the console never calls, each with why it is not an endpoint of contracts/. */
const API_ONLY: Record<string, string> = {
  'GET openapi.json': 'the API reference, read by tools',
  'GET docs': 'the API reference, read by people',
  'GET docs/{file}': 'the API reference page’s own scripts and styles',
  'GET health/live': 'an orchestrator’s liveness probe',
  'GET health/ready': 'an orchestrator’s readiness probe and a balancer’s health check',
  'GET metrics': 'Prometheus’ scrape, with an operator’s token',
  'GET dev/outbox': 'the demo’s mail, read by people and the e2e tests',
  'GET /Account/Authenticate': 'an environment server’s hand-off page, opened by the browser',
  'GET /{envPath}/Account/Authenticate': 'the same, under an environment’s path',
  'GET /Account/LogOff': 'an environment server’s sign-out page, opened by the browser',
  'GET /{envPath}/Account/LogOff': 'the same, under an environment’s path',
};

describe('operationIds', () => {
  it('are unique camelCase names: the endpoint’s name, the console’s call function', async () => {
    const doc = (await app.request('GET', '/api/openapi.json')).body as { paths: Record<string, Record<string, { operationId: string }>> };
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(ids.filter((id) => !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(ids.length).toBe(new Set(ids).size);

    const byKey = new Map(ENDPOINTS.filter((e) => !e.fixedQuery).map((e) => [callKey(e), e.name]));
    const served = app.registry.routes.map((route) => ({
      key: `${route.method} ${route.path}`,
      id: doc.paths[fullPath(route.path)]![route.method.toLowerCase()]!.operationId,
    }));
    const differing = served
      .filter(({ key, id }) => byKey.has(key) && byKey.get(key) !== id)
      .map(({ key, id }) => `${key}: ${id}, the endpoint is ${byKey.get(key)}`);
    expect(differing).toEqual([]);
    // Every route is built on an endpoint, but for the few the console never calls.
    // The SCIM service provider (routes/scim) is called by directories, never by the console.
    const scim = (key: string) => key.includes(' /api/scim/v2/');
    expect(served.filter(({ key }) => scim(key)).length).toBe(15);
    expect(
      served
        .filter(({ key }) => !byKey.has(key) && !scim(key))
        .map(({ key }) => key)
        .sort(),
    ).toEqual(Object.keys(API_ONLY).sort());
  });
});

describe('the document', () => {
  it('describes every tag, names its licence and contact, and declares both ways to authenticate', async () => {
    const doc = (await app.request('GET', '/api/openapi.json')).body;
    expect(doc.tags.length).toBeGreaterThan(5);
    expect(doc.tags.filter((tag: { description?: string }) => !tag.description || /^The [\w-]+ calls\.$/.test(tag.description))).toEqual([]);
    expect(doc.info.license.name).toBeTruthy();
    expect(doc.info.contact.url).toBe(app.deps.config.publicUrl);
    expect(doc.servers).toEqual([{ url: app.deps.config.publicUrl }]);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['apiKey', 'bearer']);
    // Public calls need nothing; calls that need a person's session take only the bearer token.
    expect(doc.paths['/api/login'].post.security).toEqual([]);
    expect(doc.paths['/api/logout'].put.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/users'].get.responses['429']).toBeDefined();
    // The version is the API's build version (api/package.json's).
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(doc.info.version).toBe(pkg.version);
  });

  it('types parameters as a client should send them, and documents a 400 with the error body on every operation', async () => {
    const doc = (await app.request('GET', '/api/openapi.json')).body;
    const users = Object.fromEntries(doc.paths['/api/users'].get.parameters.map((p: { name: string; schema: unknown }) => [p.name, p.schema]));
    expect(users.pageSize).toEqual({ type: 'integer', minimum: 1, maximum: 200, default: 25 });
    expect(users.activeOnly).toEqual({ type: 'boolean', default: false });
    expect(doc.paths['/api/license/{licenseId}'].get.parameters[0].schema).toEqual(expect.objectContaining({ type: 'integer' }));

    const operations = Object.values(doc.paths).flatMap((ops) => Object.values(ops as Record<string, { operationId: string; responses: Record<string, any> }>));
    const without400 = operations.filter((op) => op.responses['400']?.content['application/json'].schema.$ref !== '#/components/schemas/Error');
    expect(without400.map((op) => op.operationId)).toEqual([]);
    // A database that does not answer (503) and an unexpected error (500) are server errors on every operation: their body carries the trace id.
    for (const code of ['500', '503']) {
      const without = operations.filter((op) => op.responses[code]?.content['application/json'].schema.$ref !== '#/components/schemas/ServerError');
      expect([code, without.map((op) => op.operationId)]).toEqual([code, []]);
    }
    expect(doc.components.schemas.ServerError.required).toEqual(['Message', 'traceId']);
    expect(doc.components.schemas.Error.properties.traceId).toBeUndefined();
    // Every success answer has a body schema, except a redirect or no content.
    const bodiless = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops as Record<string, { responses: Record<string, { content?: unknown }> }>).flatMap(([method, op]) =>
        Object.entries(op.responses)
          .filter(([code, answer]) => code.startsWith('2') && code !== '204' && !answer.content)
          .map(([code]) => `${method} ${path} ${code}`),
      ),
    );
    expect(bodiless).toEqual([]);
    // A file answers in its media type, as its endpoint declares it (the console asks for the same).
    expect(Object.keys(doc.paths['/api/users.csv'].get.responses['200'].content)).toEqual(['text/csv']);
    expect(Object.keys(doc.paths['/api/access-reviews/{reviewId}/report.pdf'].get.responses['200'].content)).toEqual(['application/pdf']);
    // A call without input can still be refused before its route: a URL with a NUL.
    expect((await app.request('GET', '/api/health?x=%00')).status).toBe(400);
    expect(doc.components.schemas.Error.required).toEqual(['Message']);
  });

  it('names a recursive schema (a site tree) as a component its references resolve to', async () => {
    const doc = (await app.request('GET', '/api/openapi.json')).body;
    const refs = JSON.stringify(doc.paths)
      .match(/"\$ref":"[^"]+"/g)!
      .map((ref) => ref.slice('"$ref":"'.length, -1));
    expect(refs.filter((ref) => !ref.startsWith('#/components/schemas/') || !(ref.slice('#/components/schemas/'.length) in doc.components.schemas))).toEqual(
      [],
    );
    const hierarchy = doc.paths['/api/projects/{projectId}/sites/hierarchy'].get.responses['200'].content['application/json'].schema;
    const node = hierarchy.items.properties.children.items.$ref.slice('#/components/schemas/'.length);
    expect(doc.components.schemas[node].properties.children.items.$ref).toBe(`#/components/schemas/${node}`);
    // The bodies of POST and PUT projects/{projectId}/sites/ share one.
    const trees = doc.paths['/api/projects/{projectId}/sites'];
    expect(trees.put.requestBody.content['application/json'].schema.items.properties.children.items).toEqual(
      trees.post.requestBody.content['application/json'].schema.items.properties.children.items,
    );
  });
});

describe('the reference page', () => {
  it('renders the whole document (every operation, who may call it, how to authenticate) from its own files, with nothing from another host', async () => {
    const doc = (await app.request('GET', '/api/openapi.json')).body;
    const page = await app.request('GET', '/api/docs');
    expect(page.status).toBe(200);
    // Swagger UI draws every operation of the document the page names (e2e/tests/api-reference.spec.ts looks at it drawn).
    expect(page.text).toContain('src="/api/docs/swagger-ui-bundle.js"');
    expect((await app.request('GET', '/api/docs/reference.js')).text).toContain("url: '/api/openapi.json'");
    // What the page shows of the users list: its roles and both ways to authenticate.
    const users = doc.paths['/api/users'].get;
    expect(users.description).toContain('ACCESS_MY_CUSTOMER_LICENCE');
    expect(users.security).toBeUndefined();
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['apiKey', 'bearer']);
    expect(page.text).toContain('id="terms"');
    // No inline script, and every link or source stays on this server.
    expect(page.text).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/i);
    const elsewhere = [...page.text.matchAll(/(?:href|src)="([^"#/][^"]*)"/g)]
      .map((m) => m[1]!)
      .filter((url) => !url.startsWith(app.deps.config.publicUrl) && !url.startsWith('data:'));
    expect(elsewhere).toEqual([]);
  });
});

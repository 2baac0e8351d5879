import { readFileSync } from 'node:fs';
import { createTestApp, type TestApp } from '../../test/harness';
import { fullPath } from './route';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** A contract key or a route as `METHOD path`, its parameters' names left out. */
const shape = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{\w+\}/g, '{}')}`;

describe('operationIds', () => {
  it('are unique camelCase names, and a contract call’s is the console’s function for it', async () => {
    const doc = (await app.request('GET', '/api/openapi.json')).body as { paths: Record<string, Record<string, { operationId: string }>> };
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(ids.filter((id) => !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(ids.length).toBe(new Set(ids).size);

    // contracts/src/contract.ts maps each call ('GET users/{username}') to its function (identity.getUser);
    // read as text, as the API does not load the console's client.
    const source = readFileSync(new URL('../../../contracts/src/contract.ts', import.meta.url), 'utf8');
    const byShape = new Map([...source.matchAll(/'(GET|POST|PUT|PATCH|DELETE) ([^']+)': \w+\.(\w+),/g)].map((m) => [shape(m[1]!, m[2]!), m[3]!]));
    expect(byShape.size).toBeGreaterThan(100);
    const served = app.registry.routes
      .map((route) => ({ key: shape(route.method, route.path), id: doc.paths[fullPath(route.path)]![route.method.toLowerCase()]!.operationId }))
      .filter(({ key }) => byShape.has(key));
    expect(served.length).toBeGreaterThan(60);
    const differing = served
      .filter(({ key, id }) => byShape.get(key) !== id)
      .map(({ key, id }) => `${key}: ${id}, the console calls ${byShape.get(key)}`);
    expect(differing).toEqual([]);
  });
});

describe('the document', () => {
  it('describes every tag, names its licence and contact, and declares both ways to authenticate', async () => {
    const doc = (await app.request('GET', '/api/openapi.json')).body;
    expect(doc.tags.length).toBeGreaterThan(5);
    expect(doc.tags.filter((tag: { description?: string }) => !tag.description)).toEqual([]);
    expect(doc.info.license.name).toBeTruthy();
    expect(doc.info.contact.url).toBe(app.deps.config.publicUrl);
    expect(doc.servers).toEqual([{ url: app.deps.config.publicUrl }]);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['apiKey', 'bearer']);
    // Public calls need nothing; calls that need a person's session take only the bearer token.
    expect(doc.paths['/api/login'].post.security).toEqual([]);
    expect(doc.paths['/api/logout'].put.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/users'].get.responses['429']).toBeDefined();
  });
});

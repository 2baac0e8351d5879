/**
 * The API as an integrator meets it (issue 11): the served OpenAPI document passes Redocly's
 * recommended rules, types generated from it (openapi-typescript) compile a small client
 * (client.ts, openapi-fetch), and that client works against the real server over HTTP with
 * an API key. If the document and the server disagree, one of these fails.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { serve, type ServerType } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { ParamMessages } from 'contracts/common';
import { Role } from 'shared/roles';
import { MAX_PAGE_SIZE } from '../../src/http/params';
import * as t from '../../src/db/schema';
import { createTestApp, type TestApp } from '../harness';
import { createLicense, createUser, login, unique } from '../factories';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const generated = here('./.generated/');
const apiRoot = here('../../');

let app: TestApp;
let server: ServerType;
let baseUrl: string;
let documentFile: string;

beforeAll(async () => {
  app = await createTestApp();
  server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: app.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The document exactly as an integrator downloads it.
  const served = await fetch(`${baseUrl}/api/openapi.json`);
  expect(served.status).toBe(200);
  mkdirSync(generated, { recursive: true });
  documentFile = `${generated}openapi.json`;
  writeFileSync(documentFile, await served.text());
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await app.close();
});

describe('the served OpenAPI document', () => {
  it('passes Redocly CLI’s recommended rules with no error and no warning', async () => {
    const run = await promisify(execFile)(
      process.execPath,
      [`${apiRoot}node_modules/@redocly/cli/bin/cli.js`, 'lint', documentFile, '--config', `${apiRoot}.redocly.yaml`, '--format=json'],
      { cwd: apiRoot, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' }, maxBuffer: 32 * 1024 * 1024 },
    ).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    const report = JSON.parse(run.stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
    };
    const problems = report.problems.map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toEqual(expect.objectContaining({ errors: 0, warnings: 0 }));
  });
});

/** Type-checks files as an integrator's compiler would (strict), answering each error as `file:line message`. */
function typeErrors(files: string[]): string[] {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file ? `${d.file.fileName.split('/').pop()}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : '';
    return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

describe('a client generated from the document', () => {
  beforeAll(async () => {
    const ast = await openapiTS(new URL(`file://${documentFile}`));
    writeFileSync(`${generated}schema.d.ts`, astToString(ast));
  });

  it('compiles against the generated types, which refuse calls the API does not have', () => {
    expect(typeErrors([here('./client.ts')])).toEqual([]);

    // The types are not `any`: a wrong path, a parameter of the wrong type and a misspelt field fail to compile.
    writeFileSync(
      `${generated}misuse.ts`,
      [
        "import createClient from 'openapi-fetch';",
        "import type { paths } from './schema';",
        "const api = createClient<paths>({ baseUrl: '' });",
        "void api.GET('/api/no-such-call');",
        "void api.GET('/api/users', { params: { query: { pageSize: 'ten' } } });",
        "void api.GET('/api/users').then(({ data }) => data?.items[0]?.userNmae);",
        '',
      ].join('\n'),
    );
    const lines = typeErrors([`${generated}misuse.ts`]).map((error) => error.split(' ')[0]);
    expect([...new Set(lines)].sort()).toEqual(['misuse.ts:4', 'misuse.ts:5', 'misuse.ts:6']);
  });

  it('lists users with a filter, reads one and gets a typed 400 for bad input, over HTTP with an API key', async () => {
    // A licence administrator makes a key that may read users, as in the console.
    const license = await createLicense(app);
    const admin = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_API_KEYS] });
    const token = await login(app, admin.userName);
    const made = await app.request('POST', '/api/apikeys', {
      token,
      body: { name: unique('ERP'), licenseId: license.licenseId, isActive: true, allProjects: false },
    });
    expect(made.status).toBe(201);
    const keyId = made.body.apiKeyId as number;
    const [role] = await app.deps.db.select().from(t.roles).where(eq(t.roles.name, Role.ACCESS_MY_CUSTOMER_LICENCE));
    expect((await app.request('PUT', `/api/apikeys/${keyId}/addons`, { token, body: [1] })).status).toBe(200);
    expect((await app.request('PUT', `/api/apikeys/${keyId}/roles`, { token, body: [role!.roleId] })).status).toBe(200);

    const surname = unique('Integrator');
    const wanted = await createUser(app, license.licenseId, { lastName: surname });
    await createUser(app, license.licenseId, { lastName: `${surname}-inactive`, isApproved: false });
    await createUser(app, license.licenseId);

    const { roundTrip } = await import('./client');
    const result = await roundTrip({ baseUrl, fetch: (request) => fetch(request), apiKey: made.body.apiKey, search: surname });
    expect(result).toEqual({
      total: 1,
      found: [wanted.userName],
      one: wanted.userName,
      badStatus: 400,
      badMessage: ParamMessages.pageSize(MAX_PAGE_SIZE),
    });
  });
});

/**
 * Makes the upgrade test's fixture (api/src/db/upgrade-release.test.ts): a database written by
 * an earlier release and what that release's API answered about it.
 *
 * Run against that release's API server, started on an empty PostgreSQL database with its demo:
 *
 *   git worktree add /tmp/old 3314cff && cd /tmp/old && pnpm install --frozen-lockfile && pnpm --dir api build
 *   createdb upgrade_src
 *   DEMO=true DATABASE_URL=postgres://…/upgrade_src PORT=4500 PUBLIC_URL=http://localhost:4500 DEMO_IDP=false \
 *     ADMIN_PASSWORD=Old-Admin-Pass-1 DEMO_PASSWORD=Old-Demo-Pass-1 node /tmp/old/api/dist/server.js
 *   node api/test/upgrade/make-fixture.mjs http://localhost:4500 postgres://…/upgrade_src 3314cff
 *
 * It adds through that API one of what the demo lacks (a session, an API key, a failed sign-in,
 * a two-factor challenge, a password reset, changes in the audit trail), reads every entity
 * through every GET of that release's OpenAPI document whose path parameters it can fill from
 * the database, then dumps the database (pg_dump, INSERT statements, so PGlite can load it too).
 * Writes release-<commit>.sql.gz and release-<commit>.json.gz beside this file.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'package.json'));
const pg = require('pg');

const [base, databaseUrl, commit] = process.argv.slice(2);
if (!base || !databaseUrl || !commit) throw new Error('usage: make-fixture.mjs <api base> <database url> <commit>');
const here = path.dirname(fileURLToPath(import.meta.url));

async function call(method, url, { token, body } = {}) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = token.startsWith('key ') ? token.slice(4) : `Bearer ${token}`;
  const answer = await fetch(`${base}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await answer.text();
  let parsed = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: answer.status, body: parsed };
}

const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
const rows = async (query) => (await db.query(query)).rows;

// What the demo lacks, made through the release's own API.
const signIn = await call('POST', '/api/login', { body: { userName: 'admin', password: 'Old-Admin-Pass-1' } });
if (signIn.status !== 200) throw new Error(`admin sign-in: ${signIn.status}`);
const token = signIn.body.token;
await call('POST', '/api/login', { body: { userName: 'licadmin', password: 'Wrong-Password-1' } });
const twoFactor = await call('POST', '/api/login', { body: { userName: 'mchen', password: 'Old-Demo-Pass-1' } });
await call('GET', '/api/users/jsmith/password/recovery');
const [northwind] = await rows(`select license_id from licenses order by license_id limit 1`);
const key = await call('POST', '/api/apikeys', {
  token,
  body: { name: 'Upgrade check', description: 'made by the earlier release', licenseId: northwind.license_id, isActive: true, allProjects: true },
});
if (key.status !== 201) throw new Error(`API key: ${key.status} ${JSON.stringify(key.body)}`);
const [someone] = await rows(`select user_name from users where license_id = ${northwind.license_id} and user_name <> 'licadmin' order by user_id limit 1`);
const renamed = await call('PUT', `/api/users/${someone.user_name}`, { token, body: { position: 'Site engineer (before the upgrade)' } });
if (renamed.status !== 200) throw new Error(`user update: ${renamed.status} ${JSON.stringify(renamed.body)}`);

// Every GET whose path parameters the database can fill, and the values to fill them with.
const ids = {
  username: (await rows('select user_name as v from users order by user_id')).map((r) => r.v),
  userId: (await rows('select user_id as v from users order by user_id')).map((r) => r.v),
  licenseId: (await rows('select license_id as v from licenses order by license_id')).map((r) => r.v),
  projectId: (await rows('select project_id as v from projects order by project_id')).map((r) => r.v),
  siteId: (await rows('select site_id as v from sites order by site_id')).map((r) => r.v),
  workflowId: (await rows('select workflow_id as v from workflows order by workflow_id')).map((r) => r.v),
  integrationRef: (await rows('select integration_reference as v from integration_reports order by 1')).map((r) => r.v),
  configId: (await rows('select config_id as v from import_systems order by 1')).map((r) => r.v),
};
const byPrefix = {
  '/api/userGroup/': (await rows('select user_group_id as v from user_groups order by 1')).map((r) => r.v),
  '/api/apikeys/': (await rows('select api_key_id as v from api_keys order by 1')).map((r) => r.v),
  '/api/mobile-releases/': (await rows('select mobile_release_id as v from mobile_releases order by 1')).map((r) => r.v),
};
const pairs = {
  'projectId,siteName': (await rows('select project_id, name from sites where parent_id is null order by site_id')).map((r) => [r.project_id, r.name]),
  'projectId,siteId': (await rows('select project_id, site_id from sites order by site_id')).map((r) => [r.project_id, r.site_id]),
  'projectId,configName': (await rows('select project_id, name from configs where project_id is not null order by 1, 2')).map((r) => [r.project_id, r.name]),
};
const withQuery = {
  '/api/userGroup/getByUserId': ids.userId.map((id) => `?userId=${id}`),
  '/api/userGroup/getProjects': byPrefix['/api/userGroup/'].map((id) => `?userGroupId=${id}`),
};
/** Not read: they send mail, sign out, serve files or the document itself, or answer what depends on the day they are asked. */
const skipped =
  /^\/api\/(health|openapi\.json|docs|dev\/|users\/\{username\}\/password\/recovery|users\/token\/verify|environment\/1\/vuejsVersion)|\.csv$|\/file$|Account\/|\{envPath\}|usersreport|\/seats$|^\/api\/audit$/;

const document = await call('GET', '/api/openapi.json');
const reads = {};
for (const [template, operations] of Object.entries(document.body.paths)) {
  if (!operations.get || skipped.test(template)) continue;
  const names = (operations.get.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
  let urls;
  if (names.length === 0) urls = (withQuery[template] ?? ['']).map((query) => template + query);
  else if (names.length === 2)
    urls = (pairs[names.join(',')] ?? []).map(([a, b]) =>
      template.replace(`{${names[0]}}`, encodeURIComponent(a)).replace(`{${names[1]}}`, encodeURIComponent(b)),
    );
  else {
    const prefix = Object.keys(byPrefix).find((p) => template.startsWith(p));
    const values = names[0] === 'id' ? (prefix ? byPrefix[prefix] : []) : (ids[names[0]] ?? []);
    urls = values.map((value) => template.replace(`{${names[0]}}`, encodeURIComponent(value)));
  }
  for (const url of urls) {
    const answer = await call('GET', url, { token });
    reads[url] = answer;
  }
}
// The audit trail as it stood: every entry, oldest first.
const audit = await call('GET', '/api/audit?pageSize=200', { token });

const [{ migrations }] = await rows('select count(*)::int as migrations from drizzle.__drizzle_migrations');
const recordedAt = new Date().toISOString();
await db.end();

const dump = execFileSync('pg_dump', ['--inserts', '--no-owner', '--no-privileges', '--no-comments', databaseUrl], { maxBuffer: 1 << 30 });
fs.writeFileSync(path.join(here, `release-${commit}.sql.gz`), zlib.gzipSync(dump, { level: 9 }));
const fixture = {
  commit,
  recordedAt,
  migrations,
  session: token,
  apiKey: key.body.apiKey ?? key.body.key ?? key.body.secret,
  twoFactorToken: twoFactor.body.token,
  audit: audit.body,
  reads,
};
fs.writeFileSync(path.join(here, `release-${commit}.json.gz`), zlib.gzipSync(JSON.stringify(fixture), { level: 9 }));
const statuses = {};
for (const { status } of Object.values(reads)) statuses[status] = (statuses[status] ?? 0) + 1;
console.log(`${Object.keys(reads).length} reads (${JSON.stringify(statuses)}), ${migrations} migrations, dump ${dump.length} bytes`);
console.log('API key reply fields:', Object.keys(key.body));

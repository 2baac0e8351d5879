/**
 * Bodies as every route reads them (issue 36, items 2 and 5): JSON only as JSON, an object never
 * as a list, no body deeper than JSON_MAX_DEPTH, free-form values bounded in depth and size and
 * kept in the audit trail as an excerpt. Each was a 200 or a 500 before.
 */
import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { GenericMessages } from 'contracts/common';
import { SiteMessages } from 'contracts/projects-sites/model';
import { PreservationMessages } from 'contracts/workflows/model';
import { Role } from 'shared/roles';
import * as t from '../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { createLicense, createProject, createUser, login } from '../../test/factories';
import { AUDIT_EXCERPT_CHARS } from './audit';
import { JSON_MAX_DEPTH } from './json-body';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** `levels` nested lists around a number: `[[[…1…]]]`, as text (JSON.stringify would recurse). */
const nestedText = (levels: number) => '['.repeat(levels) + '1' + ']'.repeat(levels);

async function superAdmin() {
  const license = await createLicense(app);
  const admin = await createUser(app, license.licenseId, {
    roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ADMINISTER_SITE, Role.ADMINISTER_PRESERVATION, Role.ADMINISTER_PROJECT_READ],
  });
  return { license, token: await login(app, admin.userName) };
}

/** A request with exactly these headers and this body text. */
const raw = (method: string, path: string, token: string, body: string | undefined, contentType?: string) =>
  app.app.request(`http://console.test${path}`, {
    method,
    body,
    headers: { authorization: `Bearer ${token}`, ...(contentType ? { 'content-type': contentType } : {}) },
  });

describe('a JSON body', () => {
  it('is refused with 415 when sent as text or with no type, and nothing changes', async () => {
    const { license, token } = await superAdmin();
    const before = (await app.deps.db.select().from(t.licenses).where(eq(t.licenses.licenseId, license.licenseId)))[0];
    for (const type of ['text/plain', undefined, 'application/x-www-form-urlencoded']) {
      const answer = await raw('PUT', `/api/license/${license.licenseId}`, token, JSON.stringify({ name: 'Renamed by a form post' }), type);
      expect([type, answer.status, await answer.json()]).toEqual([type, 415, { Message: GenericMessages.bodyType('application/json') }]);
    }
    expect((await app.deps.db.select().from(t.licenses).where(eq(t.licenses.licenseId, license.licenseId)))[0]).toEqual(before);
    // JSON with parameters, and a +json type, are JSON.
    const ok = await raw('PUT', `/api/license/${license.licenseId}`, token, '{}', 'application/json; charset=utf-8');
    expect(ok.status).toBe(200);
    const vendorJson = await raw('PUT', `/api/license/${license.licenseId}`, token, '{}', 'application/merge-patch+json');
    expect(vendorJson.status).toBe(200);
  });

  it('is refused with 400 when it is a list where the call takes an object (PUT license/{id} with [])', async () => {
    const { license, token } = await superAdmin();
    const before = (await app.deps.db.select().from(t.licenses).where(eq(t.licenses.licenseId, license.licenseId)))[0];
    const answer = await app.request('PUT', `/api/license/${license.licenseId}`, { token, body: [] });
    expect(answer.status).toBe(400);
    expect(answer.body.Message).toBe(GenericMessages.bodyShape('an object'));
    expect((await app.deps.db.select().from(t.licenses).where(eq(t.licenses.licenseId, license.licenseId)))[0]).toEqual(before);
  });

  it('is refused with 400, not 500, when it nests deeper than the API reads', async () => {
    const { license, token } = await superAdmin();
    for (const levels of [JSON_MAX_DEPTH + 1, 5000, 100_000]) {
      const answer = await raw('PUT', `/api/license/${license.licenseId}`, token, `{"name":${nestedText(levels)}}`, 'application/json');
      expect([levels, answer.status, ((await answer.json()) as { Message: string }).Message]).toEqual([levels, 400, GenericMessages.tooDeep(JSON_MAX_DEPTH)]);
    }
  });
});

describe('free-form values', () => {
  async function site() {
    const { license, token } = await superAdmin();
    const project = await createProject(app, license.licenseId);
    const made = await app.request('POST', `/api/projects/${project.projectId}/sites/`, { token, body: [{ site: { name: 'Yard' } }] });
    expect(made.status).toBe(201);
    const [row] = await app.deps.db.select().from(t.sites).where(eq(t.sites.projectId, project.projectId));
    return { token, project, siteId: row!.siteId };
  }

  it('refuses a site location nested 5,000 levels deep, or too long, with its message (it was a 500)', async () => {
    const { token, siteId } = await site();
    const deep = await raw('POST', `/api/site/${siteId}/update`, token, `{"name":"Yard","location":${nestedText(5000)}}`, 'application/json');
    expect([deep.status, ((await deep.json()) as { Message: string }).Message]).toEqual([400, GenericMessages.tooDeep(JSON_MAX_DEPTH)]);
    const deepButParsed = await raw('POST', `/api/site/${siteId}/update`, token, `{"name":"Yard","location":${nestedText(20)}}`, 'application/json');
    expect([deepButParsed.status, ((await deepButParsed.json()) as { Message: string }).Message]).toEqual([400, SiteMessages.locationTooLarge]);
    const long = await app.request('POST', `/api/site/${siteId}/update`, {
      token,
      body: { name: 'Yard', location: { type: 'Polygon', note: 'x'.repeat(300_000) } },
    });
    expect([long.status, long.body.Message]).toEqual([400, SiteMessages.locationTooLarge]);
  });

  it('keeps only an excerpt of a large location in the audit trail', async () => {
    const { token, siteId } = await site();
    const ring = Array.from({ length: 2000 }, (_, i) => [151 + i / 1e4, -33 - i / 1e4]);
    const location = { type: 'Polygon', coordinates: [ring] };
    const saved = await app.request('POST', `/api/site/${siteId}/update`, { token, body: { name: 'Yard', location } });
    expect(saved.status).toBe(200);
    const [entry] = await app.deps.db
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.subject, `site:${siteId}`))
      .orderBy(desc(t.auditLog.auditId))
      .limit(1);
    const kept = (entry!.after as { location: unknown }).location;
    expect(typeof kept).toBe('string');
    expect((kept as string).length).toBeLessThan(AUDIT_EXCERPT_CHARS + 40);
    expect(kept).toMatch(/… \(\d+ characters\)$/);
  });

  it('bounds a preservation step: its type, its interval and its fields', async () => {
    const { license, token } = await superAdmin();
    const project = await createProject(app, license.licenseId);
    const plan = (step: Record<string, unknown>) => [
      { name: 'Motor upkeep', projectId: project.projectId, preservationRelatedKey: randomUUID(), preservationSteps: [{ name: 'Inspect', type: 0, ...step }] },
    ];
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 2 ** 31 }, PreservationMessages.stepType],
      [{ type: 1e308 }, PreservationMessages.stepType],
      [{ interval: 1e308 }, PreservationMessages.intervalTooLong],
      [{ fields: 'f'.repeat(1_000_000) }, PreservationMessages.stepFieldsTooLarge],
      [{ fields: JSON.parse(nestedText(10)) }, PreservationMessages.stepFieldsTooLarge],
    ];
    for (const [step, message] of cases) {
      const answer = await app.request('POST', `/api/${project.projectId}/preservation/bulk`, { token, body: plan(step) });
      expect([Object.keys(step)[0], answer.status, answer.body.Message]).toEqual([Object.keys(step)[0], 400, message]);
    }
    expect(await app.deps.db.select().from(t.preservations).where(eq(t.preservations.projectId, project.projectId))).toEqual([]);
  });
});

/**
 * The hierarchy and the Sites tab's trees are kept by a server while the project's sites do not
 * change (site-replies.ts): every change shows in the next read, whether made through the API,
 * by another server (here: straight in the database), or by the project's deletion; the
 * archived sites stay with those who may see them.
 */
import { eq, sql } from 'drizzle-orm';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createProject, createUser, login, unique } from '../../../test/factories';
import { siteVersion } from './site-replies';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Node = { site: { siteId: number; name: string; active: boolean }; children: Node[] };
type SiteTree = { siteId: number; name: string; active: boolean; children: SiteTree[] };
const names = (nodes: Node[]): string[] => nodes.flatMap((node) => [node.site.name, ...names(node.children).map((name) => `${node.site.name} > ${name}`)]);
const treeNames = (trees: SiteTree[]): string[] => trees.flatMap((tree) => [tree.name, ...treeNames(tree.children).map((name) => `${tree.name} > ${name}`)]);

async function world() {
  const license = await createLicense(app);
  const project = await createProject(app, license.licenseId, { name: unique('Yard') });
  const admin = await createUser(app, license.licenseId, {
    roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_PROJECT_READ, Role.ADMINISTER_SITE],
    projects: [project.projectId],
  });
  const member = await createUser(app, license.licenseId, { roles: [Role.MENU_ADMIN_TOOL_ACCESS], projects: [project.projectId] });
  const token = await login(app, admin.userName);
  const made = await app.request('POST', `/api/projects/${project.projectId}/sites/`, {
    token,
    body: [{ site: { name: 'North' }, children: [{ site: { name: 'Bay 1' } }, { site: { name: 'Bay 2' } }] }],
  });
  expect(made.status).toBe(201);
  return { project, token, memberToken: await login(app, member.userName) };
}

const hierarchy = async (token: string, projectId: number, query = '') => {
  const answer = await app.request('GET', `/api/projects/${projectId}/sites/hierarchy${query}`, { token });
  expect(answer.status).toBe(200);
  return names(answer.body as Node[]);
};
const trees = async (token: string, projectId: number, query = '') => {
  const answer = await app.request('GET', `/api/project/${projectId}/sites${query}`, { token });
  expect(answer.status).toBe(200);
  return treeNames(answer.body as SiteTree[]);
};
const siteNamed = async (projectId: number, name: string) =>
  (await app.deps.db.select().from(t.sites).where(eq(t.sites.projectId, projectId))).find((site) => site.name === name)!;

describe('kept site replies', () => {
  it('shows every change in the next read: through the API, from another server, archived or not', async () => {
    const { project, token, memberToken } = await world();
    const id = project.projectId;
    expect(await hierarchy(token, id)).toEqual(['North', 'North > Bay 1', 'North > Bay 2']);
    expect(await trees(token, id)).toEqual(['North', 'North > Bay 1', 'North > Bay 2']);
    const before = await siteVersion(app.deps.db, id);
    // Read again unchanged: the same answer, and reading raised nothing.
    expect(await hierarchy(token, id)).toEqual(['North', 'North > Bay 1', 'North > Bay 2']);
    expect(await siteVersion(app.deps.db, id)).toBe(before);

    // Through the API: a rename.
    const bay2 = await siteNamed(id, 'Bay 2');
    expect((await app.request('POST', `/api/site/${bay2.siteId}/update`, { token, body: { ...bay2, name: 'Bay 3' } })).status).toBe(200);
    expect(await hierarchy(token, id)).toEqual(['North', 'North > Bay 1', 'North > Bay 3']);
    expect(await trees(token, id)).toEqual(['North', 'North > Bay 1', 'North > Bay 3']);

    // Another server's change reaches this one through the database alone.
    await app.deps.db.execute(sql`update sites set name = 'Bay 4' where site_id = ${bay2.siteId}`);
    expect(await hierarchy(token, id)).toEqual(['North', 'North > Bay 1', 'North > Bay 4']);
    expect(await trees(token, id)).toEqual(['North', 'North > Bay 1', 'North > Bay 4']);
    await app.deps.db.execute(
      sql`insert into sites (project_id, parent_id, name, depth) select project_id, site_id, 'Shelf A', depth + 1 from sites where site_id = ${bay2.siteId}`,
    );
    expect(await hierarchy(token, id)).toEqual(['North', 'North > Bay 1', 'North > Bay 4', 'North > Bay 4 > Shelf A']);

    // Archived: out of everyone's reply, back only for the site administrator who asks.
    expect((await app.request('POST', '/api/site/archive', { token, body: { siteId: bay2.siteId } })).status).toBe(200);
    expect(await hierarchy(token, id)).toEqual(['North', 'North > Bay 1']);
    expect(await hierarchy(token, id, '?includeArchived=true')).toEqual(['North', 'North > Bay 1', 'North > Bay 4', 'North > Bay 4 > Shelf A']);
    expect(await trees(token, id, '?includeArchived=true')).toEqual(['North', 'North > Bay 1', 'North > Bay 4', 'North > Bay 4 > Shelf A']);
    expect(await hierarchy(memberToken, id, '?includeArchived=true')).toEqual(['North', 'North > Bay 1']);

    // Deleted straight in the database, then none.
    await app.deps.db.execute(sql`delete from sites where project_id = ${id}`);
    expect(await hierarchy(token, id, '?includeArchived=true')).toEqual([]);
    expect(await trees(token, id)).toEqual([]);
  });

  it('keeps each project’s replies apart, and a project can still be deleted with its sites', async () => {
    const a = await world();
    const b = await world();
    await app.deps.db.execute(sql`update sites set name = 'South' where project_id = ${b.project.projectId} and parent_id is null`);
    expect((await hierarchy(a.token, a.project.projectId))[0]).toBe('North');
    expect((await hierarchy(b.token, b.project.projectId))[0]).toBe('South');
    const versionOfA = await siteVersion(app.deps.db, a.project.projectId);
    await app.deps.db.execute(sql`update sites set name = 'East' where project_id = ${b.project.projectId} and parent_id is null`);
    expect(await siteVersion(app.deps.db, a.project.projectId)).toBe(versionOfA);
    await app.deps.db.delete(t.projects).where(eq(t.projects.projectId, b.project.projectId));
    expect(await app.deps.db.select().from(t.sites).where(eq(t.sites.projectId, b.project.projectId))).toEqual([]);
  });
});

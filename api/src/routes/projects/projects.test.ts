import * as v from 'valibot';
import { ProjectPageSchema, ProjectSchema, type Project, type ProjectPage } from 'contracts/projects-sites/model';
import { Role } from 'shared/roles';
import * as t from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createProject, createUser, login, unique } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function projectList(token: string, query: Record<string, string | number> = {}): Promise<Project[]> {
  const search = new URLSearchParams(Object.fromEntries(Object.entries(query).map(([k, value]) => [k, String(value)])));
  const answer = await app.request('GET', `/api/projects?${search}`, { token });
  expect(answer.status).toBe(200);
  return v.parse(v.array(ProjectSchema), answer.body);
}

const ids = (list: Project[]) => list.map((project) => project.projectId);

async function group(licenseId: number, members: { userIds?: number[]; projectIds?: number[] }) {
  const [row] = await app.deps.db
    .insert(t.userGroups)
    .values({ name: unique('Group'), licenseId })
    .returning();
  const userGroupId = row!.userGroupId;
  if (members.userIds?.length) await app.deps.db.insert(t.userGroupUsers).values(members.userIds.map((userId) => ({ userGroupId, userId })));
  if (members.projectIds?.length) await app.deps.db.insert(t.userGroupProjects).values(members.projectIds.map((projectId) => ({ userGroupId, projectId })));
  return row!;
}

async function signedIn(licenseId: number, roles: string[], projects: number[] = []) {
  const user = await createUser(app, licenseId, { roles, projects });
  return { user, token: await login(app, user.userName) };
}

describe('GET projects', () => {
  it('answers a super administrator every licence’s projects with the licence’s name and user count, never root project 1', async () => {
    const north = await createLicense(app);
    const south = await createLicense(app);
    const tower = await createProject(app, north.licenseId, { description: 'Tower crane works' });
    const pier = await createProject(app, south.licenseId, { isActive: false });
    const { token } = await signedIn(north.licenseId, [Role.ACCESS_ALL_CUSTOMER_LICENCES]);
    // One user directly and through a group counts once; a group adds its other member.
    const worker = await createUser(app, north.licenseId, { projects: [tower.projectId] });
    const mate = await createUser(app, north.licenseId);
    await group(north.licenseId, { userIds: [worker.userId, mate.userId], projectIds: [tower.projectId] });
    await createUser(app, north.licenseId, { projects: [tower.projectId], isApproved: false });

    const list = await projectList(token);
    expect(ids(list)).not.toContain(1);
    expect(ids(list)).toEqual([...ids(list)].sort((a, b) => a - b));
    expect(list.find((project) => project.projectId === tower.projectId)).toEqual({
      projectId: tower.projectId,
      name: tower.name,
      description: 'Tower crane works',
      licenseId: north.licenseId,
      licenseName: north.name,
      environmentId: null,
      parentProjectId: null,
      rootProjectId: null,
      isActive: true,
      numberOfUsers: 3,
    });
    expect(list.find((project) => project.projectId === pier.projectId)).toMatchObject({ licenseName: south.name, isActive: false, numberOfUsers: 0 });
    expect(ids(await projectList(token, { licenseId: south.licenseId }))).toEqual([pier.projectId]);
  });

  it('filters by state (all by default) and by name, description or id, ignoring case', async () => {
    const license = await createLicense(app);
    const tag = unique('f').replace(/-/g, '');
    const active = await createProject(app, license.licenseId, { name: `Wharf ${tag}` });
    const inactive = await createProject(app, license.licenseId, { description: `Closed ${tag} works`, isActive: false });
    const other = await createProject(app, license.licenseId, { name: 'Quarry 100%', description: 'Stone' });
    const { token } = await signedIn(license.licenseId, [Role.ACCESS_MY_CUSTOMER_LICENCE], [active.projectId, inactive.projectId, other.projectId]);
    expect(ids(await projectList(token))).toEqual([active.projectId, inactive.projectId, other.projectId]);
    expect(ids(await projectList(token, { state: 'all' }))).toEqual([active.projectId, inactive.projectId, other.projectId]);
    expect(ids(await projectList(token, { state: 'active' }))).toEqual([active.projectId, other.projectId]);
    expect(ids(await projectList(token, { state: 'inactive' }))).toEqual([inactive.projectId]);
    expect(ids(await projectList(token, { filter: tag.toUpperCase() }))).toEqual([active.projectId, inactive.projectId]);
    expect(ids(await projectList(token, { filter: `wharf ${tag}`, state: 'inactive' }))).toEqual([]);
    expect(ids(await projectList(token, { filter: String(other.projectId) }))).toContain(other.projectId);
    expect(ids(await projectList(token, { filter: '0%' }))).toEqual([other.projectId]);
    expect((await app.request('GET', '/api/projects?state=archived', { token })).status).toBe(400);
  });

  it('shows anyone else the projects assigned to them, directly or through a group, in their own licence only', async () => {
    const license = await createLicense(app);
    const otherLicense = await createLicense(app);
    const direct = await createProject(app, license.licenseId);
    const viaGroup = await createProject(app, license.licenseId);
    await createProject(app, license.licenseId);
    const elsewhere = await createProject(app, otherLicense.licenseId);
    const { user, token } = await signedIn(license.licenseId, [Role.MENU_ADMIN_TOOL_ACCESS], [direct.projectId, elsewhere.projectId]);
    await group(license.licenseId, { userIds: [user.userId], projectIds: [viaGroup.projectId] });
    const list = await projectList(token);
    expect(ids(list)).toEqual([direct.projectId, viaGroup.projectId]);
    expect(list[0]).toMatchObject({ licenseName: license.name, numberOfUsers: 1 });
  });

  it('shows an ADMINISTER_PROJECT_READ holder every project of their licence, never another licence’s', async () => {
    const lower = await createLicense(app);
    const license = await createLicense(app);
    const inLower = await createProject(app, lower.licenseId);
    const assigned = await createProject(app, license.licenseId);
    const unassigned = await createProject(app, license.licenseId, { isActive: false });
    // Assigned a project of a licence with a lower id too: the licence scope still wins.
    const { token } = await signedIn(license.licenseId, [Role.MENU_ADMIN_TOOL_ACCESS, Role.ADMINISTER_PROJECT_READ], [inLower.projectId]);
    expect(await projectList(token)).toEqual([]);
    const member = await signedIn(license.licenseId, [Role.MENU_ADMIN_TOOL_ACCESS, Role.ADMINISTER_PROJECT_READ]);
    await group(license.licenseId, { userIds: [member.user.userId], projectIds: [assigned.projectId] });
    await app.deps.db.insert(t.userProjects).values({ userId: member.user.userId, projectId: inLower.projectId });
    expect(ids(await projectList(member.token))).toEqual([assigned.projectId, unassigned.projectId]);
    expect((await app.request('GET', `/api/projects?licenseId=${lower.licenseId}`, { token: member.token })).status).toBe(404);
  });

  it('answers 404 for another licence’s id, and 403 without a portal role', async () => {
    const license = await createLicense(app);
    const other = await createLicense(app);
    const project = await createProject(app, license.licenseId);
    const { token } = await signedIn(license.licenseId, [Role.ACCESS_MY_CUSTOMER_LICENCE], [project.projectId]);
    expect((await app.request('GET', `/api/projects?licenseId=${other.licenseId}`, { token })).status).toBe(404);
    expect(ids(await projectList(token, { licenseId: license.licenseId }))).toEqual([project.projectId]);
    const reader = await signedIn(license.licenseId, [Role.ADMINISTER_PROJECT_READ, Role.ADMINISTER_API_KEYS], [project.projectId]);
    expect((await app.request('GET', '/api/projects', { token: reader.token })).status).toBe(403);
    // The workflow and preservation screens list the user's projects too.
    const designer = await signedIn(license.licenseId, [Role.ADMINISTER_WORKFLOW], [project.projectId]);
    expect(ids(await projectList(designer.token))).toEqual([project.projectId]);
  });

  it('answers an administrator of import systems only (their screens choose a project) the projects they may see, no more', async () => {
    const license = await createLicense(app);
    const other = await createLicense(app);
    const assigned = await createProject(app, license.licenseId);
    await createProject(app, license.licenseId);
    await createProject(app, other.licenseId);
    const importer = await signedIn(license.licenseId, [Role.ADMINISTER_IMPORT_SYSTEM_DETAILS], [assigned.projectId]);
    expect(ids(await projectList(importer.token, { state: 'all' }))).toEqual([assigned.projectId]);
    expect((await app.request('GET', `/api/projects?licenseId=${other.licenseId}`, { token: importer.token })).status).toBe(404);
  });
});

describe('GET projects/page', () => {
  async function projectPage(token: string, query: Record<string, string | number> = {}): Promise<ProjectPage> {
    const search = new URLSearchParams(Object.fromEntries(Object.entries(query).map(([k, value]) => [k, String(value)])));
    const answer = await app.request('GET', `/api/projects/page?${search}`, { token });
    expect(answer.status).toBe(200);
    return v.parse(ProjectPageSchema, answer.body);
  }

  it('pages and sorts the list on the server, with the total and each project’s users', async () => {
    const license = await createLicense(app);
    const names = ['delta', 'Alpha', 'charlie', 'bravo', 'Echo'];
    const made = [];
    for (const name of names)
      made.push(await createProject(app, license.licenseId, { name: `${name} works`, description: `${names.length - made.length} description` }));
    const { token } = await signedIn(
      license.licenseId,
      [Role.ACCESS_MY_CUSTOMER_LICENCE],
      made.map((p) => p.projectId),
    );

    const first = await projectPage(token, { pageSize: 2 });
    expect(first).toMatchObject({ total: 5, totalExact: true, page: 0, pageSize: 2 });
    expect(ids(first.items)).toEqual(made.slice(0, 2).map((p) => p.projectId));
    expect(first.items[0]).toMatchObject({ licenseName: license.name, numberOfUsers: 1 });
    const byName = [];
    for (let page = 0; page < 3; page++) byName.push(...(await projectPage(token, { sort: 'name', pageSize: 2, page })).items);
    expect(byName.map((p) => p.name)).toEqual(['Alpha works', 'bravo works', 'charlie works', 'delta works', 'Echo works']);
    expect((await projectPage(token, { sort: 'description', dir: 'desc' })).items[0]!.description).toBe('5 description');
    expect(await projectPage(token, { page: 9 })).toMatchObject({ items: [], total: 5 });
  });

  it('keeps GET projects’ filters and scope, and refuses a bad page, sort or licence', async () => {
    const license = await createLicense(app);
    const other = await createLicense(app);
    const tag = unique('pg').replace(/-/g, '');
    const open = await createProject(app, license.licenseId, { name: `Open ${tag}` });
    const closed = await createProject(app, license.licenseId, { name: `Closed ${tag}`, isActive: false });
    await createProject(app, other.licenseId, { name: `Elsewhere ${tag}` });
    const { token } = await signedIn(license.licenseId, [Role.ACCESS_MY_CUSTOMER_LICENCE], [open.projectId, closed.projectId]);
    expect(ids((await projectPage(token, { filter: tag.toUpperCase() })).items)).toEqual([open.projectId, closed.projectId]);
    expect(await projectPage(token, { filter: tag, state: 'inactive' })).toMatchObject({ total: 1, items: [{ projectId: closed.projectId }] });
    expect((await app.request('GET', `/api/projects/page?licenseId=${other.licenseId}`, { token })).status).toBe(404);
    for (const bad of ['page=-1', 'pageSize=0', 'pageSize=201', 'sort=owner', 'dir=up', 'state=archived']) {
      const answer = await app.request('GET', `/api/projects/page?${bad}`, { token });
      expect({ bad, status: answer.status }).toEqual({ bad, status: 400 });
    }
  });
});

describe('GET projects.csv', () => {
  const lines = (text: string) =>
    text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');

  it('streams every filtered project in the list’s order with the screen’s columns, defusing formula cells', async () => {
    const license = await createLicense(app);
    const tag = unique('Export');
    await createProject(app, license.licenseId, { name: `${tag} B`, description: '=HYPERLINK("http://evil","x")' });
    await createProject(app, license.licenseId, { name: `${tag} A`, description: 'Tower, "north" side' });
    const elsewhere = await createProject(app, license.licenseId, { name: 'Elsewhere' });
    // A project reader sees every project of their licence once one of it is theirs.
    const { token } = await signedIn(license.licenseId, [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_PROJECT_READ], [elsewhere.projectId]);
    const answer = await app.request('GET', `/api/projects.csv?filter=${encodeURIComponent(tag)}&sort=name&dir=desc`, { token });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="projects.csv"');
    const [header, first, second, ...rest] = lines(answer.text);
    expect(header).toBe('Project Id,Name,Description,Active');
    expect(first).toMatch(new RegExp(`^\\d+,${tag} B,"'=HYPERLINK\\(""http://evil"",""x""\\)",Active$`));
    expect(second).toMatch(new RegExp(`^\\d+,${tag} A,"Tower, ""north"" side",Active$`));
    expect(rest).toEqual([]);
  });

  it('exports more rows than one read (2,500), in order; licence columns for a super administrator; another licence is a 404', async () => {
    const license = await createLicense(app);
    await app.deps.db
      .insert(t.projects)
      .values(Array.from({ length: 2500 }, (_, i) => ({ name: `Bulk ${String(i).padStart(4, '0')}`, description: '', licenseId: license.licenseId })));
    const superAdmin = await signedIn(license.licenseId, [Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ADMINISTER_PROJECT_READ]);
    const answer = await app.request('GET', `/api/projects.csv?licenseId=${license.licenseId}&sort=name`, { token: superAdmin.token });
    const [header, ...rows] = lines(answer.text);
    expect(header).toBe('Project Id,Name,Description,License Id,License Name,Active');
    expect(rows).toHaveLength(2500);
    expect(rows.map((row) => row.split(',')[1])).toEqual(Array.from({ length: 2500 }, (_, i) => `Bulk ${String(i).padStart(4, '0')}`));

    const other = await createLicense(app);
    const admin = await signedIn(other.licenseId, [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_PROJECT_READ]);
    expect((await app.request('GET', `/api/projects.csv?licenseId=${license.licenseId}`, { token: admin.token })).status).toBe(404);
    expect((await app.request('GET', '/api/projects.csv?sort=secret', { token: admin.token })).status).toBe(400);
  });
});

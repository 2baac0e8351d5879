/**
 * Licence scope by construction (issue 37): the route registry is walked, so a route added
 * later is covered without a test of its own. Every route declares its scope (a route without
 * one cannot start); every route whose path names an entity answers 404 when that entity is
 * another licence's — to a caller of licence B holding every role but ACCESS_ALL_CUSTOMER_LICENCES,
 * and to an API key of licence B holding them all — exactly as for one that does not exist, and
 * changes nothing; every list answers 404 for another licence's `licenseId`.
 */
import { Hono } from 'hono';
import { count, ne } from 'drizzle-orm';
import { Role } from 'shared/roles';
import * as t from '../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { createApiKey, createLicense, createProject, createUser, login, unique } from '../../test/factories';
import { apiRoute, fullPath, implement, registerRoutes, RouteRegistry, type AnyRoute } from './route';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** What the database holds, table by table: a refused call changes none of it. */
async function tableCounts() {
  const tables = {
    users: t.users,
    userGroups: t.userGroups,
    apiKeys: t.apiKeys,
    projects: t.projects,
    sites: t.sites,
    configs: t.configs,
    importSystems: t.importSystems,
    reportGroups: t.reportGroups,
    licenses: t.licenses,
    userRoles: t.userRoles,
    userProjects: t.userProjects,
    shortcuts: t.shortcuts,
  };
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) out[name] = (await app.deps.db.select({ n: count() }).from(table as typeof t.users))[0]!.n;
  return out;
}

describe('licence scope by construction', () => {
  it('refuses to register a route that does not declare its scope, or names a parameter it does not have', () => {
    const bare = implement(
      { bare: apiRoute({ method: 'GET', path: 'bare', area: 'test', summary: 'x', access: { kind: 'signedIn' } } as never) },
      { bare: () => new Response() },
    );
    expect(() => registerRoutes(new Hono(), new RouteRegistry(), bare, app.deps)).toThrow(/does not declare how its licence scope is found/);
    const wrong = implement(
      {
        wrong: apiRoute({
          method: 'GET',
          path: 'things/{thingId}',
          area: 'test',
          summary: 'x',
          access: { kind: 'signedIn' },
          scope: { kind: 'entity', of: 'project', param: 'projectId' },
        }),
      },
      { wrong: () => new Response() },
    );
    expect(() => registerRoutes(new Hono(), new RouteRegistry(), wrong, app.deps)).toThrow(/\{projectId\}, which is not in its path/);
    const vague = implement(
      { vague: apiRoute({ method: 'GET', path: 'vague', area: 'test', summary: 'x', access: { kind: 'signedIn' }, scope: { kind: 'handler', why: ' ' } }) },
      { vague: () => new Response() },
    );
    expect(() => registerRoutes(new Hono(), new RouteRegistry(), vague, app.deps)).toThrow(/must say why/);
  });

  it(
    'answers 404 on every route whose path names another licence’s entity, to a person and to an API key ' + 'holding every role, and changes nothing',
    async () => {
      const theirs = await createLicense(app);
      const mine = await createLicense(app);
      const everyRole = (await app.deps.db.select({ name: t.roles.name }).from(t.roles).where(ne(t.roles.name, Role.ACCESS_ALL_CUSTOMER_LICENCES))).map(
        (r) => r.name,
      );
      const project = await createProject(app, theirs.licenseId);
      const owner = await createUser(app, theirs.licenseId, { projects: [project.projectId] });
      const [group] = await app.deps.db
        .insert(t.userGroups)
        .values({ name: unique('Group'), licenseId: theirs.licenseId })
        .returning();
      const [site] = await app.deps.db
        .insert(t.sites)
        .values({ projectId: project.projectId, name: unique('Yard') })
        .returning();
      const [config] = await app.deps.db
        .insert(t.configs)
        .values({ name: 'ResourceProperties', projectId: project.projectId, data: {} as never })
        .returning();
      const [importSystem] = await app.deps.db
        .insert(t.importSystems)
        .values({ projectId: project.projectId, displayName: unique('ERP'), path: 'erp' })
        .returning();
      const [report] = await app.deps.db.select().from(t.reports).limit(1);
      const [role] = await app.deps.db.select().from(t.roles).limit(1);
      const [reportGroup] = await app.deps.db
        .insert(t.reportGroups)
        .values({ reportId: report!.reportId, roleId: role!.roleId, licenseId: theirs.licenseId })
        .returning();
      const theirKey = await createApiKey(app, theirs.licenseId);

      // By entity: the value a parameter takes for that entity of licence A.
      const byEntity: Record<string, string | number> = {
        userName: owner.userName,
        user: owner.userId,
        license: theirs.licenseId,
        'user-group': group!.userGroupId,
        'api-key': theirKey.apiKeyId,
        project: project.projectId,
        site: site!.siteId,
        config: config!.configId,
        'import-system': importSystem!.configId,
        'report-group': reportGroup!.reportGroupId,
      };
      // Other parameters: harmless values (the entity's parameter is what the check reads).
      const others: Record<string, string> = {
        copy: unique('copy'),
        reportId: String(report!.reportId),
        systemConfigId: '1',
        environmentId: '1',
        siteName: site!.name,
        configName: 'ResourceProperties',
      };

      const person = await createUser(app, mine.licenseId, { roles: everyRole });
      const personToken = await login(app, person.userName);
      const key = await createApiKey(app, mine.licenseId, { roles: everyRole, allProjects: true });
      const callers = [
        { who: 'person', headers: { authorization: `Bearer ${personToken}` } },
        { who: 'API key', headers: key.headers },
      ];

      // Routes only a super administrator may call answer 403 to anyone else before their scope is read.
      const superOnly = (route: AnyRoute) => route.access.kind === 'anyRole' && route.access.roles.every((r) => r === Role.ACCESS_ALL_CUSTOMER_LICENCES);
      const scoped = app.registry.routes.filter((route) => route.scope.kind === 'entity' && route.access.kind !== 'public' && !superOnly(route));
      expect(scoped.length).toBeGreaterThan(50);
      const before = await tableCounts();
      const wrong: string[] = [];
      for (const route of scoped) {
        const scope = route.scope as { of: string; param: string };
        const path = fullPath(route.path).replace(/\{(\w+)\}/g, (_, name: string) =>
          encodeURIComponent(String(name === scope.param ? byEntity[scope.of] : (others[name] ?? '1'))),
        );
        for (const { who, headers } of callers) {
          const answer = await app.request(route.method, path, { headers, body: route.method === 'GET' ? undefined : {} });
          if (answer.status !== 404 && !(who === 'API key' && answer.status === 403 && route.sessionOnly))
            wrong.push(`${who}: ${route.name} ${route.method} ${path} → ${answer.status}`);
        }
      }
      expect(wrong).toEqual([]);
      expect(await tableCounts()).toEqual(before);

      // Lists: another licence's licenseId is a 404 too.
      const lists = app.registry.routes.filter((route) => route.scope.kind === 'list');
      expect(lists.length).toBeGreaterThan(5);
      for (const route of lists) {
        const answer = await app.request(route.method, `${fullPath(route.path)}?licenseId=${theirs.licenseId}`, { token: personToken });
        expect([route.name, answer.status]).toEqual([route.name, 404]);
      }
    },
  );

  it('says in every route that does not name its entity in its path where the licence is checked', () => {
    const unsaid = app.registry.routes.filter((route: AnyRoute) => (route.scope.kind === 'handler' || route.scope.kind === 'none') && !route.scope.why.trim());
    expect(unsaid).toEqual([]);
    const kinds = new Set(app.registry.routes.map((route) => route.scope.kind));
    expect([...kinds].sort()).toEqual(['entity', 'handler', 'list', 'none']);
  });
});

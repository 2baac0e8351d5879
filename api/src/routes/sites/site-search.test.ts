/**
 * The header's site search: sites of every project the caller sees whose name holds the text,
 * with their path and project; archived ones only for ADMINISTER_SITE; another licence's never;
 * at least 2 characters; paged by name, then path, with the same total on every page.
 */
import { Role } from 'shared/roles';
import { SiteMessages } from 'contracts/projects-sites/model';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createProject, createUser, login, unique } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Tree = { site: { name: string }; children?: Tree[] };
const tree = (name: string, ...children: Tree[]): Tree => ({ site: { name }, children });

type Item = { siteId: number; name: string; path: string; projectId: number; projectName: string; active: boolean };
const search = (token: string, query: string) => app.request('GET', `/api/sites/search?${query}`, { token });
const found = (items: Item[]) => items.map((item) => `${item.projectName}: ${item.path}${item.active ? '' : ' (archived)'}`);

/** Two projects of one licence with sites named by a word no other test uses, a member of one of them, and another licence with the same word. */
async function world() {
  const word = unique('zq').replace(/[^a-z0-9]/gi, '');
  const license = await createLicense(app);
  const north = await createProject(app, license.licenseId, { name: unique('North') });
  const south = await createProject(app, license.licenseId, { name: unique('South') });
  const admin = await createUser(app, license.licenseId, {
    roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_PROJECT_READ, Role.ADMINISTER_SITE],
    projects: [north.projectId],
  });
  const member = await createUser(app, license.licenseId, { roles: [Role.MENU_ADMIN_TOOL_ACCESS], projects: [north.projectId] });
  const token = await login(app, admin.userName);
  const create = async (projectId: number, ...trees: Tree[]) => {
    const answer = await app.request('POST', `/api/projects/${projectId}/sites/`, { token, body: trees });
    expect(answer.status).toBe(201);
    return answer.body as { siteId: number; name: string; children: { siteId: number; name: string }[] }[];
  };
  const [yard] = await create(north.projectId, tree('Yard', tree(`Rack ${word} 2`, tree(`Bin ${word}`)), tree(`Rack ${word} 10`)), tree(`Office ${word}`));
  await create(south.projectId, tree(`Gate`, tree(`bin ${word}`)), tree(`${word.toUpperCase()} Depot`));
  const other = await createLicense(app);
  const otherProject = await createProject(app, other.licenseId);
  const otherAdmin = await createUser(app, other.licenseId, {
    roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_PROJECT_READ, Role.ADMINISTER_SITE],
    projects: [otherProject.projectId],
  });
  const otherAnswer = await app.request('POST', `/api/projects/${otherProject.projectId}/sites/`, {
    token: await login(app, otherAdmin.userName),
    body: [tree(`Bin ${word}`)],
  });
  expect(otherAnswer.status).toBe(201);
  return { word, north, south, yard: yard!, token, memberToken: await login(app, member.userName) };
}

describe('GET sites/search', () => {
  it('finds the sites of every project the caller sees by any part of the name, in any case, each with its path and project, by name then path', async () => {
    const w = await world();
    const answer = await search(w.token, `q=${w.word.slice(2).toUpperCase()}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ total: 6, totalExact: true, page: 0, pageSize: 25 });
    // Bin … twice: by path, any case (Gate before Yard); Rack 10 and Rack 2 by their text (lower case, as the database orders it).
    expect(found(answer.body.items)).toEqual([
      `${w.south.name}: Gate > bin ${w.word}`,
      `${w.north.name}: Yard > Rack ${w.word} 2 > Bin ${w.word}`,
      `${w.north.name}: Office ${w.word}`,
      `${w.north.name}: Yard > Rack ${w.word} 10`,
      `${w.north.name}: Yard > Rack ${w.word} 2`,
      `${w.south.name}: ${w.word.toUpperCase()} Depot`,
    ]);
    expect(answer.body.items[1]).toEqual({
      siteId: expect.any(Number),
      name: `Bin ${w.word}`,
      path: `Yard > Rack ${w.word} 2 > Bin ${w.word}`,
      projectId: w.north.projectId,
      projectName: w.north.name,
      active: true,
    });
  });

  it('pages on the server with the same total on every page, the pages together the whole list, and an empty page past the end', async () => {
    const w = await world();
    const all = found((await search(w.token, `q=${w.word}`)).body.items);
    const pages: string[] = [];
    for (let page = 0; page < 3; page++) {
      const answer = await search(w.token, `q=${w.word}&page=${page}&pageSize=2`);
      expect(answer.body).toMatchObject({ total: 6, page, pageSize: 2 });
      expect(answer.body.items).toHaveLength(2);
      pages.push(...found(answer.body.items));
    }
    expect(pages).toEqual(all);
    // A page boundary inside a run of one name (Bin … in two projects) still splits it by path.
    expect(found((await search(w.token, `q=${w.word}&page=1&pageSize=1`)).body.items)).toEqual([all[1]]);
    const past = await search(w.token, `q=${w.word}&page=9&pageSize=2`);
    expect(past.body).toMatchObject({ items: [], total: 6, page: 9 });
  });

  it('lists only the projects the caller sees, never another licence’s', async () => {
    const w = await world();
    // The member holds North only; the licence administrator (ADMINISTER_PROJECT_READ) sees the whole licence.
    const member = await search(w.memberToken, `q=${w.word}`);
    expect(member.body.total).toBe(4);
    expect(member.body.items.every((item: Item) => item.projectId === w.north.projectId)).toBe(true);
    // A super administrator sees every licence's: the other licence's site too.
    const superAdmin = await createUser(app, (await createLicense(app)).licenseId, { roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES] });
    expect((await search(await login(app, superAdmin.userName), `q=${w.word}`)).body.total).toBe(7);
  });

  it('lists archived sites, marked, only to ADMINISTER_SITE', async () => {
    const w = await world();
    const rack = (await search(w.token, `q=${encodeURIComponent(`Rack ${w.word} 2`)}`)).body.items.find((item: Item) => item.name === `Rack ${w.word} 2`);
    expect((await app.request('POST', '/api/site/archive', { token: w.token, body: { siteId: rack.siteId } })).status).toBe(200);
    const admin = await search(w.token, `q=${w.word}`);
    expect(found(admin.body.items)).toContain(`${w.north.name}: Yard > Rack ${w.word} 2 > Bin ${w.word} (archived)`);
    expect(admin.body.total).toBe(6);
    const member = await search(w.memberToken, `q=${w.word}`);
    expect(found(member.body.items)).toEqual([`${w.north.name}: Office ${w.word}`, `${w.north.name}: Yard > Rack ${w.word} 10`]);
  });

  it('takes LIKE’s own characters literally and asks for 2 to 50 characters', async () => {
    const w = await world();
    expect((await search(w.token, `q=${encodeURIComponent('%_')}`)).body.total).toBe(0);
    for (const query of ['q=a', 'q=%20a%20', '']) {
      const answer = await search(w.token, query);
      expect([query, answer.status, answer.body.Message]).toEqual([query, 400, SiteMessages.searchTooShort]);
    }
    expect((await search(w.token, `q=${'a'.repeat(51)}`)).body.Message).toBe(SiteMessages.searchTooLong);
    expect((await search(w.token, `q=${w.word}&pageSize=201`)).status).toBe(400);
  });
});

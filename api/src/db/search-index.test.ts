/**
 * The users' search index keeps its new trigrams in a pending list (migration 0028), merged in
 * bulk: a search finds a user before and after the merge, and the merge empties the list.
 */
import { Role } from 'shared/roles';
import { createTestApp, type TestApp } from '../../test/harness';
import { createLicense, createUser, login, unique } from '../../test/factories';
import { mergeUserSearchIndex } from './search-index';

describe('the users’ search index', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('finds a user whose trigrams wait in the pending list, and merges the list in bulk', async () => {
    const license = await createLicense(app);
    const admin = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_USER_CREATE_UPDATE] });
    const token = await login(app, admin.userName);
    await mergeUserSearchIndex(app.deps.db);
    const position = unique('Crane rigger');
    const users = await Promise.all([1, 2, 3].map(() => createUser(app, license.licenseId, { position })));
    const search = async () =>
      (await app.request('GET', `/api/users?licenseId=${license.licenseId}&filter=${encodeURIComponent(position)}`, { token })).body.items
        .map((u: { userName: string }) => u.userName)
        .sort();
    const names = users.map((u) => u.userName).sort();
    expect(await search()).toEqual(names);
    // Without a pending list (fastupdate off) nothing would wait to be merged.
    expect(await mergeUserSearchIndex(app.deps.db)).toBeGreaterThan(0);
    expect(await mergeUserSearchIndex(app.deps.db)).toBe(0);
    expect(await search()).toEqual(names);
  });
});

/** The tests' typed client (app.call): what it sends, and that it reads a reply as the console does. */
import * as v from 'valibot';
import { authEndpoints } from 'contracts/auth/model';
import { userEndpoints } from 'contracts/identity/model';
import { Role } from 'shared/roles';
import { createTestApp, type TestApp } from './harness';
import { createLicense, createUser, login } from './factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('app.call', () => {
  it('fills the path parameters (encoded), sends the body and the query, and reads a 2xx reply with the endpoint’s schema', async () => {
    const license = await createLicense(app);
    const admin = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE] });
    const token = await login(app, admin.userName);
    const other = await createUser(app, license.licenseId, { userName: `${admin.userName} two` });

    const one = await app.call(userEndpoints.getUser, token, other.userName);
    expect(one.status).toBe(200);
    expect(one.body.userName).toBe(other.userName);

    const page = await app.call(userEndpoints.getUsers, token, { filter: other.userName, pageSize: 1 });
    expect(page.body.items.map((item) => item.userName)).toEqual([other.userName]);
    expect(page.body.pageSize).toBe(1);

    // Any other answer is the API's body as sent.
    const refused = await app.call(userEndpoints.getUsers, undefined);
    expect(refused.status).toBe(401);
    expect(typeof (refused.body as unknown as { Message: string }).Message).toBe('string');
  });

  it('fails the test when a 2xx reply does not fit what the console reads', async () => {
    const license = await createLicense(app);
    const admin = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE] });
    // The same call, read with a schema the reply cannot fit.
    const strict = { ...authEndpoints.login, reply: v.object({ token: v.number() }) };
    await expect(app.call(strict, undefined, { userName: admin.userName, password: admin.password })).rejects.toThrow(
      /POST login answered 200 with a body the console cannot read/,
    );
  });
});

import { Role } from 'shared/roles';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createUser, login } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('a licence’s second-factor policy', () => {
  it('is read and set by the licence’s administrator, recorded in its History, and another licence’s is a 404', async () => {
    const license = await createLicense(app);
    const other = await createLicense(app);
    const admin = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE] });
    const token = await login(app, admin.userName);
    const path = `/api/licenses/${license.licenseId}/second-factor`;
    expect((await app.request('GET', path, { token })).body).toEqual({ policy: 'optional', phishingResistantOnly: false });
    const set = await app.request('PUT', path, { token, body: { policy: 'everyone', phishingResistantOnly: false } });
    expect([set.status, set.body]).toEqual([200, { policy: 'everyone', phishingResistantOnly: false }]);
    expect((await app.request('GET', path, { token })).body.policy).toBe('everyone');
    const history = await app.request('GET', `/api/audit?entity=license&entityId=${license.licenseId}`, { token });
    expect(JSON.stringify(history.body)).toContain('everyone');
    expect(
      (await app.request('PUT', `/api/licenses/${other.licenseId}/second-factor`, { token, body: { policy: 'off', phishingResistantOnly: false } })).status,
    ).toBe(404);
  });

  it('refuses an unknown policy with a clear 400, and a user without a licence role', async () => {
    const license = await createLicense(app);
    const admin = await createUser(app, license.licenseId, { roles: [Role.ACCESS_MY_CUSTOMER_LICENCE] });
    const path = `/api/licenses/${license.licenseId}/second-factor`;
    const bad = await app.request('PUT', path, { token: await login(app, admin.userName), body: { policy: 'sometimes', phishingResistantOnly: false } });
    expect([bad.status, bad.body.Message]).toEqual([400, 'Choose off, optional, administrators or everyone.']);
    const plain = await createUser(app, license.licenseId);
    expect((await app.request('PUT', path, { token: await login(app, plain.userName), body: { policy: 'off', phishingResistantOnly: false } })).status).toBe(
      403,
    );
  });
});

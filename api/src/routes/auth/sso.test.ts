import { eq } from 'drizzle-orm';
import { AuthMessages } from 'contracts/auth/model';
import * as t from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLicense, createUser, unique } from '../../../test/factories';
import { signInAtProvider, startIdp, type TestIdp } from '../../../test/oidc';

// The console's redirect URI must be a loopback address for the provider's native client.
const PUBLIC_URL = 'http://localhost:39999';
const CLIENT_ID = 'console-under-test';

let app: TestApp;
let idp: TestIdp;
beforeAll(async () => {
  idp = await startIdp({ clientId: CLIENT_ID, redirectUri: `${PUBLIC_URL}/login` });
  app = await createTestApp({ PUBLIC_URL });
});
afterAll(async () => {
  await app.close();
  await idp.close();
});

async function ssoUser(clientId = CLIENT_ID) {
  const license = await createLicense(app, { ssoUrl: idp.issuer, ssoClientId: clientId });
  const email = `${unique('sso')}@example.test`;
  const user = await createUser(app, license.licenseId, { userName: email, email, isSsoUser: true, isSsoInitial: true, password: null });
  return { license, user };
}

async function idToken(userName: string, login: string, nonce = unique('nonce')) {
  const { body } = await app.request('GET', `/api/user/${encodeURIComponent(userName)}/getSsoUrl`);
  expect(body.ssoUrl).toMatch(new RegExp(`^${idp.issuer}/auth\\?`));
  const fragment = await signInAtProvider(body.ssoUrl, login, nonce);
  return { token: fragment.get('id_token')!, nonce, state: fragment.get('state') };
}

describe('single sign-on with an OpenID Connect provider', () => {
  it('getSsoUrl answers the provider’s authorization URL for the console', async () => {
    const { user } = await ssoUser();
    const { body } = await app.request('GET', `/api/user/${encodeURIComponent(user.userName)}/getSsoUrl`);
    const url = new URL(body.ssoUrl);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      response_type: 'id_token',
      redirect_uri: `${PUBLIC_URL}/login`,
    });
  });

  it('signs in with an id_token verified against the provider’s keys, once', async () => {
    const { user } = await ssoUser();
    const { token, nonce, state } = await idToken(user.userName, user.email);
    expect(state).toBe('state-1');
    const answer = await app.request('POST', '/api/login', { body: { cognitoJwt: token, nonce } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ type: 'sso', userName: user.userName, isSsoUser: true });
    expect(answer.body.ssoUrl).toContain(`${idp.issuer}/auth`);
    const [row] = await app.deps.db.select().from(t.users).where(eq(t.users.userId, user.userId));
    expect(row!.isSsoInitial).toBe(false);

    const replay = await app.request('POST', '/api/login', { body: { cognitoJwt: token, nonce } });
    expect(replay.status).toBe(401);
    expect(replay.body.Message).toBe(AuthMessages.ssoTokenInvalid);
  });

  it('refuses a token whose nonce is not the one the console sent', async () => {
    const { user } = await ssoUser();
    const { token } = await idToken(user.userName, user.email);
    const answer = await app.request('POST', '/api/login', { body: { cognitoJwt: token, nonce: 'another-nonce' } });
    expect(answer.status).toBe(401);
  });

  it('refuses a token with a broken signature', async () => {
    const { user } = await ssoUser();
    const { token, nonce } = await idToken(user.userName, user.email);
    const [h, p, s] = token.split('.');
    const broken = `${h}.${p}.${s!.slice(0, -4)}${s!.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    expect((await app.request('POST', '/api/login', { body: { cognitoJwt: broken, nonce } })).status).toBe(401);
  });

  it('refuses a valid token when no SSO user of that licence matches it', async () => {
    const { user } = await ssoUser();
    const { token, nonce } = await idToken(user.userName, `${unique('stranger')}@example.test`);
    const answer = await app.request('POST', '/api/login', { body: { cognitoJwt: token, nonce } });
    expect(answer.status).toBe(401);
    expect(answer.body.Message).toBe(AuthMessages.ssoNoAccount);
  });

  it('refuses a token issued to another client id', async () => {
    const { user } = await ssoUser();
    const { token, nonce } = await idToken(user.userName, user.email);
    await app.deps.db.update(t.licenses).set({ ssoClientId: 'someone-else' }).where(eq(t.licenses.licenseId, user.licenseId));
    expect((await app.request('POST', '/api/login', { body: { cognitoJwt: token, nonce } })).status).toBe(401);
  });

  it('refuses a token from an issuer no licence uses', async () => {
    const forged = ['{"alg":"none"}', JSON.stringify({ iss: 'https://evil.example', sub: 'x' }), ''].map((p) => Buffer.from(p).toString('base64url')).join('.');
    const answer = await app.request('POST', '/api/login', { body: { cognitoJwt: forged } });
    expect(answer.status).toBe(401);
    expect(answer.body.Message).toBe(AuthMessages.ssoTokenInvalid);
  });

  it('answers null from getSsoUrl for an SSO user who is locked', async () => {
    const { user } = await ssoUser();
    await app.deps.db.update(t.users).set({ isLockedOut: true }).where(eq(t.users.userId, user.userId));
    expect((await app.request('GET', `/api/user/${encodeURIComponent(user.userName)}/getSsoUrl`)).body).toEqual({ ssoUrl: null });
  });

  it('answers the provider’s logout URL when an SSO session logs out', async () => {
    const { user } = await ssoUser();
    const { token, nonce } = await idToken(user.userName, user.email);
    const session = await app.request('POST', '/api/login', { body: { cognitoJwt: token, nonce } });
    const out = await app.request('PUT', '/api/logout', { token: session.body.token });
    expect(out.status).toBe(200);
    expect(out.body.ssoLogoutUrl).toMatch(new RegExp(`^${idp.issuer}/session/end\\?`));
  });
});

import type { Environment } from 'contracts/auth';
import { continueAfterLogin, environmentForRedirect, handOffUrl, offeredFactors, safeReturnTo, twoFactorPath, type FlowDeps } from './login-flow';

const production: Environment = { environmentId: 1, name: 'Production', serverUrl: 'https://sites.example.com', label: null };
const uat: Environment = { environmentId: 2, name: 'UAT', serverUrl: 'https://sites.example.com/uat', label: 'UAT' };
const other: Environment = { environmentId: 3, name: 'Other', serverUrl: 'https://other.example.com/', label: null };

function deps(environments: Environment[] | Error) {
  const calls = { navigate: [] as string[], leave: [] as string[], info: [] as string[], error: [] as string[] };
  const flow: FlowDeps = {
    navigate: (to) => calls.navigate.push(to),
    leave: (url) => calls.leave.push(url),
    environmentsOf: async () => {
      if (environments instanceof Error) throw environments;
      return environments;
    },
    sessionGuid: async () => 'guid-1',
    info: (m) => calls.info.push(m),
    error: (m) => calls.error.push(m),
    productName: 'SiteSense',
  };
  return { flow, calls };
}

const signedIn = { mustUpdatePassword: false, userHasNoProjects: false, licenseId: 7 };

describe('continueAfterLogin', () => {
  it('sends a user who must update their password to the reset page first, keeping the redirect URL', async () => {
    const { flow, calls } = deps([production]);
    await continueAfterLogin({ ...signedIn, mustUpdatePassword: true }, { redirectUrl: 'https://sites.example.com/x', returnTo: '/users' }, flow);
    expect(calls.navigate).toEqual(['/users/password/reset?redirectUrl=https%3A%2F%2Fsites.example.com%2Fx']);
  });

  it('returns to the console page the guard sent the user away from', async () => {
    const { flow, calls } = deps([production, uat]);
    await continueAfterLogin(signedIn, { returnTo: '/projects?state=active' }, flow);
    expect(calls.navigate).toEqual(['/projects?state=active']);
  });

  it('sends a user without projects to their licence view', async () => {
    const { flow, calls } = deps([production]);
    await continueAfterLogin({ ...signedIn, userHasNoProjects: true }, {}, flow);
    expect(calls.navigate).toEqual(['/to/licensing/license.view?id=7']);
  });

  it('hands off to the environment the redirect URL belongs to, with the redirect URL', async () => {
    const { flow, calls } = deps([production, uat]);
    await continueAfterLogin(signedIn, { redirectUrl: 'https://sites.example.com/uat/projects/5' }, flow);
    expect(calls.leave).toEqual([
      'https://sites.example.com/uat/Account/Authenticate?sessionGuid=guid-1&environmentId=2&redirectUrl=https%3A%2F%2Fsites.example.com%2Fuat%2Fprojects%2F5',
    ]);
  });

  it('shows the chooser when there are several environments', async () => {
    const { flow, calls } = deps([production, uat]);
    await continueAfterLogin(signedIn, {}, flow);
    expect(calls.navigate).toEqual(['/environments']);
  });

  it('goes straight to the only environment with the spec’s toast', async () => {
    const { flow, calls } = deps([production]);
    await continueAfterLogin(signedIn, {}, flow);
    expect(calls.info).toEqual(['Please wait to be redirected back to SiteSense.']);
    expect(calls.leave).toEqual(['https://sites.example.com/Account/Authenticate?sessionGuid=guid-1&environmentId=1']);
  });

  it('says so and goes Home when the environments cannot be fetched', async () => {
    const { flow, calls } = deps(new Error('down'));
    await continueAfterLogin(signedIn, {}, flow);
    expect(calls.error).toEqual(['Failed to fetch environments.']);
    expect(calls.navigate).toEqual(['/']);
  });
});

describe('environmentForRedirect', () => {
  it('matches by host, preferring the longest server URL the redirect starts with', () => {
    expect(environmentForRedirect('https://sites.example.com/uat/a', [production, uat])?.name).toBe('UAT');
    expect(environmentForRedirect('https://sites.example.com/a', [production, uat])?.name).toBe('Production');
    expect(environmentForRedirect('https://elsewhere.example.com/a', [production, uat])).toBeUndefined();
    expect(environmentForRedirect('not a url', [production])).toBeUndefined();
  });
});

describe('safeReturnTo', () => {
  it('accepts console paths only, never another origin or a sign-in page', () => {
    expect(safeReturnTo('/users?x=1')).toBe('/users?x=1');
    expect(safeReturnTo('//evil.example/x')).toBeNull();
    expect(safeReturnTo('https://evil.example')).toBeNull();
    expect(safeReturnTo('/login?x')).toBeNull();
    expect(safeReturnTo('/users/password/reset')).toBeNull();
  });
});

describe('handOffUrl', () => {
  it('trims the server URL’s trailing slash', () => {
    expect(handOffUrl(other, 'g')).toBe('https://other.example.com/Account/Authenticate?sessionGuid=g&environmentId=3');
  });
});

describe('second factors (issue 40)', () => {
  it('sends a user whose licence requires a second factor to its set-up after the password update, keeping the redirect URL', async () => {
    const { flow, calls } = deps([production]);
    await continueAfterLogin({ ...signedIn, mustSetUpFactor: true }, { redirectUrl: 'https://sites.example.com/x', returnTo: '/users' }, flow);
    expect(calls.navigate).toEqual(['/login/factor-setup?redirectUrl=https%3A%2F%2Fsites.example.com%2Fx']);
    const both = deps([production]);
    await continueAfterLogin({ ...signedIn, mustUpdatePassword: true, mustSetUpFactor: true }, {}, both.flow);
    expect(both.calls.navigate).toEqual(['/users/password/reset']);
  });

  it('carries the factors to choose among to the two-factor step, and nothing extra for the e-mailed code alone', () => {
    expect(twoFactorPath({ token: 'c-1', factors: ['totp', 'recovery', 'email'] }, { returnTo: '/users' })).toBe(
      '/login/2fa/c-1?factors=totp%2Crecovery%2Cemail&returnTo=%2Fusers',
    );
    expect(twoFactorPath({ token: 'c-1' }, { redirectUrl: null, returnTo: null })).toBe('/login/2fa/c-1');
  });

  it('offers only known factors, in order, and the e-mailed code when none is named', () => {
    const known = ['totp', 'recovery', 'email'];
    expect(offeredFactors('totp,recovery,bogus,totp', known)).toEqual(['totp', 'recovery']);
    expect(offeredFactors(null, known)).toEqual(['email']);
    expect(offeredFactors('', known)).toEqual(['email']);
  });
});

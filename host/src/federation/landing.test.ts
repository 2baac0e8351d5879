import { useSession, type RemoteRoute } from 'shared';
import { startEarly } from 'shared/host';
import { queryClient } from '../app/queryClient';
import { LANDING_WAIT_MS, preloadLanding, startLanding, useRemotes } from './remotes.store';

jest.mock('shared/host', () => ({ ...jest.requireActual('shared/host'), startEarly: jest.fn() }));

const ROLE = 'ACCESS_MY_CUSTOMER_LICENCE';

/** The identity section declared, its code already on its way (so nothing is fetched here). */
function declared() {
  useRemotes.setState({
    remotes: [{ id: 'identity', name: 'remote_identity', entry: '/remotes/identity/mf-manifest.json' }],
    states: {
      identity: {
        status: 'ready',
        attempt: 1,
        prefixes: ['/users'],
        details: {},
        code: { status: 'loading', attempt: 1 },
        definition: {
          id: 'identity',
          kernel: '^4.0.0',
          version: '1.2.3',
          basePath: '/users',
          federation: { name: 'remote_identity', entry: 'remoteEntry.js' },
          nav: [],
          parts: ['./routes'],
          routes: [
            {
              id: 'users',
              path: '/users',
              handle: { roles: [ROLE], title: 'Users', first: [{ path: 'users', query: { page: '0', activeOnly: 'true' } }] },
              assets: ['__federation_expose_routes.1.js', '2577.2.js'],
            },
            { id: 'user.view', path: '/users/:name/view', handle: { roles: [ROLE], title: 'User' } },
          ],
        },
      },
    },
  });
}

function signedIn(roles: string[]) {
  useSession.setState({ token: 'token', sessionId: 's-1', exp: Math.floor(Date.now() / 1000) + 3600, userId: 7, userName: 'ann', licenseId: 2, roles });
}

/** The identity section's code in, its list route with a screen and opening queries. */
function codeIn() {
  const users: RemoteRoute = {
    id: 'users',
    path: '/users',
    lazy: jest.fn(() => Promise.resolve({ default: () => null })),
    handle: { roles: [ROLE], title: 'Users' },
    prefetch: jest.fn(),
  };
  useRemotes.setState((s) => {
    const identity = s.states.identity;
    if (identity?.status !== 'ready') throw new Error('declared() first');
    return {
      states: {
        identity: {
          ...identity,
          code: { status: 'ready', attempt: 1, definition: { id: 'identity', basePath: '/users', version: '1.2.3', nav: [], routes: [users] } },
        },
      },
    };
  });
  return users;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('where a sign-in lands (issue 38)', () => {
  beforeEach(() => {
    declared();
    jest.mocked(startEarly).mockClear();
  });

  it('preloads the landing route’s entry and files at once, each once', () => {
    preloadLanding('/users');
    preloadLanding('/users');
    const links = [...document.head.querySelectorAll('link[rel="preload"][as="script"]')].map((l) => (l as HTMLLinkElement).href);
    expect(links).toEqual([
      'http://localhost/remotes/identity/remoteEntry.js?v=1.2.3',
      'http://localhost/remotes/identity/__federation_expose_routes.1.js',
      'http://localhost/remotes/identity/2577.2.js',
    ]);
  });

  it('starts the route’s first calls with the session’s answer for a user the route admits', () => {
    signedIn([ROLE]);
    startLanding('/users');
    expect(startEarly).toHaveBeenCalledWith('users', { page: '0', activeOnly: 'true' });
  });

  it('starts none for a landing with a query string (not the opening calls), a route without any, or a user it turns away', () => {
    signedIn([ROLE]);
    startLanding('/users?q=ann');
    startLanding('/users/ann/view');
    signedIn(['VIEW_STATUS']);
    startLanding('/users');
    expect(startEarly).not.toHaveBeenCalled();
  });

  it('runs the screen’s module and its opening queries in the console’s QueryClient once the section’s code is in', async () => {
    const users = codeIn();
    signedIn([ROLE]);
    startLanding('/users');
    await settle();
    expect(users.lazy).toHaveBeenCalledTimes(1);
    expect(users.prefetch).toHaveBeenCalledWith(queryClient);
  });

  it('starts no opening query for a landing with a query string (the screen asks for another list) or a user the route turns away', async () => {
    const users = codeIn();
    signedIn([ROLE]);
    startLanding('/users?q=ann');
    signedIn(['VIEW_STATUS']);
    startLanding('/users');
    await settle();
    expect(users.prefetch).not.toHaveBeenCalled();
  });

  it('starts no opening call and holds nothing for a landing on one of the screen’s tabs (a hash): the tab shows another list', async () => {
    const users = codeIn();
    signedIn([ROLE]);
    await startLanding('/users#groups');
    await settle();
    expect(startEarly).not.toHaveBeenCalled();
    expect(users.prefetch).not.toHaveBeenCalled();
    expect(useRemotes.getState().landing).toBeNull();
  });

  it('holds the screen until the route’s opening queries have settled, so it draws once, with its data', async () => {
    const users = codeIn();
    let answer = () => {};
    jest.mocked(users.prefetch!).mockReturnValue(new Promise<void>((resolve) => (answer = resolve)));
    signedIn([ROLE]);
    let settled = false;
    const landing = startLanding('/users').then(() => (settled = true));
    await settle();
    expect(users.prefetch).toHaveBeenCalled();
    expect(settled).toBe(false);
    // The screen is held meanwhile (the frame draws around it).
    expect(useRemotes.getState().landing).toEqual({ remoteId: 'identity', routeId: 'users' });
    answer();
    await landing;
    expect(settled).toBe(true);
    expect(useRemotes.getState().landing).toBeNull();
    // A landing that starts nothing settles at once.
    await expect(startLanding('/nowhere')).resolves.toBeUndefined();
  });

  it('holds the screen for a moment at most when its opening data is slow', async () => {
    jest.useFakeTimers();
    try {
      const users = codeIn();
      jest.mocked(users.prefetch!).mockReturnValue(new Promise<void>(() => undefined));
      signedIn([ROLE]);
      void startLanding('/users');
      expect(useRemotes.getState().landing).not.toBeNull();
      jest.advanceTimersByTime(LANDING_WAIT_MS);
      expect(useRemotes.getState().landing).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });
});

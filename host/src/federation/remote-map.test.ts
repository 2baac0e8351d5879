import { fakeApi, restoreApi, type SentRequest } from 'kit/testing';
import { KERNEL_VERSION, useSession } from 'shared';
import { movedRemotes } from '../app/useVersionCheck';
import { flushReports, reportLoad, reportPageView, resetReports, routeTemplate } from './reports';
import { mergeMaps, startRemotes, syncUserMap, useRemotes } from './remotes.store';

const declaration = (id: string, version: string) => ({
  id,
  version,
  kernel: `^${KERNEL_VERSION}`,
  routes: [],
  nav: [],
  parts: [],
  federation: { name: `remote_${id}`, entry: 'remoteEntry.js' },
});
const FILE = {
  remotes: [
    { id: 'identity', name: 'remote_identity', entry: '/remotes/identity/mf-manifest.json' },
    { id: 'workflows', name: 'remote_workflows', entry: '/remotes/workflows/mf-manifest.json' },
  ],
};
const MAP = {
  remotes: [
    { id: 'identity', name: 'remote_identity', entry: '/remotes/identity/mf-manifest.json', version: null, pilot: false },
    { id: 'workflows', name: 'remote_workflows', entry: '/remotes/workflows/1.5.0/mf-manifest.json', version: '1.5.0', pilot: true },
  ],
};

function answer(request: SentRequest) {
  if (request.path === '/remotes.json') return { body: FILE };
  if (request.path === 'remotes/map') return { body: MAP };
  if (request.path === 'remotes/reports') return { status: 204, body: null };
  const declared = /^\/remotes\/([a-z-]+)\/(?:([\d.]+)\/)?remote\.json$/.exec(request.path);
  if (declared) return { body: declaration(declared[1]!, declared[2] ?? '1.4.0') };
  return { status: 404, body: { Message: 'Not found.' } };
}

/** A session as the shell has it once signed in. */
const signIn = () =>
  useSession.setState({ token: 't', sessionId: 's', roles: [], exp: Math.floor(Date.now() / 1000) + 3600, userId: 7, userName: 'pilot.user' });

afterEach(() => {
  restoreApi();
  resetReports();
});

describe('the user’s remote map in the host', () => {
  it('reads remotes.json before sign-in, then moves a remote to the version the user’s channel gives, with its pilot mark', async () => {
    const sent = fakeApi(answer);
    // The login form's prefetch: not signed in, so remotes.json only.
    await startRemotes('http://localhost/remotes.json');
    expect(sent.map((r) => r.path)).not.toContain('remotes/map');
    expect(useRemotes.getState().states.workflows).toMatchObject({ status: 'ready', definition: { version: '1.4.0' } });

    signIn();
    await syncUserMap();
    expect(sent.filter((r) => r.path === 'remotes/map')).toHaveLength(1);
    const workflows = useRemotes.getState().remotes?.find((r) => r.id === 'workflows');
    expect(workflows).toMatchObject({ entry: '/remotes/workflows/1.5.0/mf-manifest.json', version: '1.5.0', pilot: true });
    expect(useRemotes.getState().states.workflows).toMatchObject({ status: 'ready', definition: { version: '1.5.0' } });
    // Cached for the session: the same user's shell asks no more.
    await syncUserMap();
    expect(sent.filter((r) => r.path === 'remotes/map')).toHaveLength(1);
  });

  it('keeps remotes.json’s address where no channel gives a version, and adds what only the map names', () => {
    const file = FILE.remotes;
    expect(mergeMaps(file, null)).toEqual(file);
    // The map's own copy of remotes.json's address does not replace the one this page read.
    const edited = [{ ...file[1]!, entry: '/remotes/workflows-next/mf-manifest.json' }];
    expect(mergeMaps(edited, [{ ...MAP.remotes[0]!, id: 'workflows', entry: '/remotes/workflows/mf-manifest.json' }])).toEqual(edited);
    const merged = mergeMaps(file, [
      { id: 'reports', name: 'remote_reports', entry: '/remotes/reports/1.0.0/mf-manifest.json', version: '1.0.0', pilot: false },
    ]);
    expect(merged.map((r) => r.id)).toEqual(['identity', 'workflows', 'reports']);
    expect(merged[1]).toEqual(file[1]);
  });

  it('notices a promotion or rollback: the remotes whose address the map gives now differs', async () => {
    const inUse = [
      { id: 'workflows', name: 'remote_workflows', entry: '/remotes/workflows/1.5.0/mf-manifest.json', version: '1.5.0' },
      { id: 'identity', name: 'remote_identity', entry: '/remotes/identity/mf-manifest.json', version: null },
    ];
    const rolledBack = {
      remotes: [
        { id: 'workflows', entry: '/remotes/workflows/mf-manifest.json', version: null },
        { id: 'identity', entry: '/remotes/identity/mf-manifest.json', version: null },
      ],
    };
    expect(await movedRemotes(inUse, async () => rolledBack)).toEqual(['workflows']);
    expect(await movedRemotes(inUse, async () => ({ remotes: inUse }))).toEqual([]);
    // A page that read another remotes.json address (a deployment's edit) is not told of a move the channels did not make.
    expect(await movedRemotes([{ ...inUse[1]!, entry: '/remotes/identity-next/mf-manifest.json' }], async () => rolledBack)).toEqual([]);
    const promoted = { remotes: [{ id: 'identity', entry: '/remotes/identity/2.0.0/mf-manifest.json', version: '2.0.0' }] };
    expect(await movedRemotes([inUse[1]!], async () => promoted)).toEqual(['identity']);
  });
});

describe('the reports to Console health', () => {
  it('batches page views into one count per remote and version, with loads, in one call', async () => {
    const sent = fakeApi(answer);
    signIn();
    reportPageView('workflows', '1.5.0');
    reportPageView('workflows', '1.5.0');
    reportPageView('workflows', '1.5.0');
    reportLoad('workflows', '1.0.0+20261127.120000', 321.4);
    // A version the API would refuse (the build time with colons) is cleaned, not sent as is.
    reportPageView('identity', 'dev build:1');
    await flushReports();
    const calls = sent.filter((r) => r.path === 'remotes/reports');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({
      reports: [
        { remote: 'workflows', version: '1.5.0', kind: 'page-view', count: 3 },
        { remote: 'workflows', version: '1.0.0+20261127.120000', kind: 'load', loadMs: 321 },
        { remote: 'identity', version: 'dev_build_1', kind: 'page-view' },
      ],
    });
  });

  it('sends nothing signed out, and a route as its template', async () => {
    const sent = fakeApi(answer);
    useSession.setState({ token: null });
    reportPageView('workflows', '1.5.0');
    await flushReports();
    expect(sent).toEqual([]);
    expect(routeTemplate(['/workflow', '/workflow/:id/designer'], '/workflow/42/designer')).toBe('/workflow/:id/designer');
    expect(routeTemplate(['/workflow'], '/users/jsmith')).toBeUndefined();
  });
});

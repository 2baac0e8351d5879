import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './test';
import { E2E_USERS, stateFile, navEntry, openSection } from './support';

// A licence administrator's saved session (the setup project signed in once).
test.use({ storageState: stateFile('licenseAdmin') });

const SINGLETONS = ['react', 'react-dom', 'react-router', 'zustand', '@tanstack/react-query', 'sonner', 'shared'];

/** Every module a remote's manifest says it takes from the share scope. */
async function sharedByRemotes(request: APIRequestContext): Promise<string[]> {
  const map = (await (await request.get('/remotes.json')).json()) as { remotes: { entry: string }[] };
  const names = new Set<string>();
  for (const remote of map.remotes) {
    const manifest = (await (await request.get(remote.entry)).json()) as { shared: { name: string }[] };
    for (const entry of manifest.shared) names.add(entry.name);
  }
  return [...names].sort();
}

test('the host and every remote share one React, one router, one store and one kernel', async ({ page }) => {
  await page.goto('/users');
  // The identity remote's list loads with the host's session: one store, one API client.
  await expect(page.getByRole('cell', { name: E2E_USERS.federation, exact: true })).toBeVisible();
  await openSection(page, 'Projects');
  await expect(page.getByRole('cell', { name: 'Northwind Tower A' })).toBeVisible();
  await openSection(page, 'Workflows');
  await expect(page.getByRole('cell', { name: 'Steel Erection', exact: true })).toBeVisible();

  // What the remotes take from the share scope: the host must provide every one of them
  // (host/src/federation/runtime.ts), or a remote would quietly run its own copy.
  const names = await sharedByRemotes(page.request);
  expect(names).toEqual(expect.arrayContaining(SINGLETONS));

  // Every copy in the share scope, with whether it is in use: only the host's may be there.
  const copies = await page.evaluate((names) => {
    const share =
      (globalThis as { __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Record<string, { from: string; loaded?: boolean }>>>> } })
        .__FEDERATION__?.__SHARE__ ?? {};
    const out: Record<string, string[]> = {};
    for (const scopes of Object.values(share))
      for (const pkgs of Object.values(scopes))
        for (const name of names)
          for (const [version, info] of Object.entries(pkgs[name] ?? {}))
            (out[name] ??= []).push(`${info.from}@${version}${info.loaded ? '' : ' (not loaded)'}`);
    return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, [...new Set(v)]]));
  }, names);
  for (const name of names) {
    // The toaster loads with the first toast, through the host's kernel; the rest are in use.
    const inUse = name === 'sonner' ? /^console_host@\S+( \(not loaded\))?$/ : /^console_host@\S+$/;
    expect([name, copies[name]]).toEqual([name, [expect.stringMatching(inUse)]]);
  }
});

test('a remote that is down shows its fallback with Retry while the rest works', async ({ page }) => {
  await page.route('**/remotes/workflows/**', (route) => route.abort());
  await page.goto('/workflow');
  await expect(page.getByText('This section is unavailable right now.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  // The header and the other sections keep working.
  await openSection(page, 'Users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await page.goBack();
  await page.unroute('**/remotes/workflows/**');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Workflows' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Workflows' })).toBeVisible();
});

test('a remote that throws while loading costs only its own section', async ({ page }) => {
  await page.route('**/remotes/licensing/__federation_expose_routes*.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("the licensing bundle is broken");' }),
  );
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  // The licensing section is declared (its link is there); its code is fetched when its page opens, and throws.
  await openSection(page, 'License');
  await expect(page.getByText('This section is unavailable right now.')).toBeVisible();
  await expect(navEntry(page, 'Projects')).toHaveCount(1);
  await openSection(page, 'Users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
});

test(
  'the sign-in pages do without the federation runtime, the login form prefetches it and the ' +
    'declarations while the password is typed, and a failed download of it is retried',
  async ({ browser, page }) => {
    const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const signedOut = await visitor.newPage();
    const fetched: string[] = [];
    signedOut.on('request', (request) => void fetched.push(new URL(request.url()).pathname));
    // A page no one signs in from fetches nothing of the signed-in console.
    await signedOut.goto('/password/recovery');
    await expect(signedOut.getByRole('button', { name: 'Email Link' })).toBeVisible();
    await signedOut.waitForLoadState('networkidle');
    expect(fetched.filter((file) => /federation-runtime|remoteEntry|remote\.json|remotes\.json/.test(file))).toEqual([]);
    // The login form, once focused, fetches at idle what every signed-in start needs: the runtime
    // and each remote's declaration — never a remote's code or screens.
    fetched.length = 0;
    await signedOut.goto('/login');
    await signedOut.getByRole('textbox', { name: 'User name' }).focus();
    await expect.poll(() => fetched.filter((file) => file.endsWith('/remote.json')).length).toBe(4);
    await expect.poll(() => fetched.some((file) => /federation-runtime/.test(file))).toBe(true);
    await signedOut.waitForLoadState('networkidle');
    expect(fetched.filter((file) => /remoteEntry|__federation_expose/.test(file))).toEqual([]);
    await visitor.close();

    // Signed in, the runtime comes with the first remote; when its download fails, the
    // sections say so, and Retry fetches it again.
    let attempts = 0;
    await page.route('**/federation-runtime.*.js', (route) => (attempts++ === 0 ? route.abort() : route.continue()));
    await page.goto('/users');
    await expect(page.getByText('This section is unavailable right now.')).toBeVisible();
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('cell', { name: E2E_USERS.federation, exact: true })).toBeVisible();
    expect(attempts).toBe(2);
  },
);

test('a remote that is too slow shows its fallback', async ({ page }) => {
  // The page's clock, not the wall's: the host gives a remote 8 s, which the test moves past at once.
  await page.clock.install();
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/remotes/projects-sites/remote.json', async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  const asked = page.waitForRequest('**/remotes/projects-sites/remote.json');
  // The other declarations arrive first: moving the clock while they are on their way would time them out too.
  const others = ['identity', 'licensing', 'workflows'].map((id) => page.waitForResponse(`**/remotes/${id}/remote.json`));
  await page.goto('/projects');
  await Promise.all([asked, ...others]);
  // And are read: their sections are in the navigation (on a loaded machine an answer can come
  // well before its declaration is done, and moving the clock then would time it out too).
  await expect(navEntry(page, 'Users')).toHaveCount(1);
  await expect(navEntry(page, 'Workflows')).toHaveCount(1);
  await page.clock.fastForward(8_100);
  await expect(page.getByText('This section is unavailable right now.')).toBeVisible();
  await expect(navEntry(page, 'Users')).toHaveCount(1);
  answer();
});

test('unknown paths go Home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  await expect(
    page.getByText(
      'Use the links across the top to manage Users, Projects, Sites, Workflows, License, API Keys, Audit Log, Who can do what and Access reviews.',
    ),
  ).toBeVisible();
  await page.goto('/users/not/a/screen');
  await expect(page).toHaveURL(/\/$/);
});

test.describe('a user without the roles', () => {
  test.use({ storageState: stateFile('viewer') });

  test('a route’s roles guard it: the spec’s message, then Home', async ({ page }) => {
    await page.goto('/users');
    await expect(page.getByText('Insufficient permissions to access the page.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    // The header offers only what the user's roles allow.
    await expect(page.getByRole('link', { name: 'Users' })).toHaveCount(0);
  });
});

import { expect, test } from './test';
import { E2E_USERS, stateFile } from './support';

// A licence administrator's saved session (the setup project signed in once).
test.use({ storageState: stateFile('licenseAdmin') });

const SINGLETONS = ['react', 'react-dom', 'react-router', 'zustand', '@tanstack/react-query', 'sonner', 'shared'];

test('the host and every remote share one React, one router, one store and one kernel', async ({ page }) => {
  await page.goto('/users');
  // The identity remote's list loads with the host's session: one store, one API client.
  await expect(page.getByRole('cell', { name: E2E_USERS.federation, exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Projects' }).click();
  await expect(page.getByRole('cell', { name: 'Northwind Tower A' })).toBeVisible();
  await page.getByRole('link', { name: 'Workflows' }).click();
  await expect(page.getByRole('cell', { name: 'Steel Erection' })).toBeVisible();

  const providers = await page.evaluate((names) => {
    const share = (globalThis as { __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Record<string, { from: string; loaded?: boolean }>>>> } }).__FEDERATION__?.__SHARE__ ?? {};
    const out: Record<string, string[]> = {};
    for (const scopes of Object.values(share))
      for (const pkgs of Object.values(scopes))
        for (const name of names)
          for (const [version, info] of Object.entries(pkgs[name] ?? {})) if (info.loaded) (out[name] ??= []).push(`${info.from}@${version}`);
    return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, [...new Set(v)]]));
  }, SINGLETONS);
  for (const name of SINGLETONS) expect([name, providers[name]]).toEqual([name, [expect.stringMatching(/^console_host@/)]]);
});

test('a remote that is down shows its fallback with Retry while the rest works', async ({ page }) => {
  await page.route('**/remotes/workflows/**', (route) => route.abort());
  await page.goto('/workflow');
  await expect(page.getByText('This section is unavailable right now.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  // The header and the other sections keep working.
  await page.getByRole('link', { name: 'Users' }).click();
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
  await page.goto('/license/list');
  await expect(page.getByText('This section is unavailable right now.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Projects' })).toBeVisible();
});

test('a remote that is too slow shows its fallback', async ({ page }) => {
  test.setTimeout(60_000);
  await page.route('**/remotes/projects-sites/mf-manifest.json', async (route) => {
    await new Promise((r) => setTimeout(r, 11_000));
    await route.continue().catch(() => undefined);
  });
  await page.goto('/projects');
  await expect(page.getByText('This section is unavailable right now.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('link', { name: 'Users' })).toBeVisible();
});

test('unknown paths go Home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  await expect(page.getByText('Use the links across the top to manage Users, Projects, Workflows, License and API Keys.')).toBeVisible();
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

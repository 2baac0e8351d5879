/**
 * Release channels (issue 42): a pilot build of remote-workflows, published with `npm run
 * release` beside the running console (the host never rebuilt), is given to one licence only,
 * chosen by name in Console health's 'Start a pilot' dialog (with the keyboard, on a phone's
 * width too). Its user sees the pilot's new screen and the Pilot mark; another licence's user does not.
 * The pilot is made to throw, the error is counted on Console health, and rolling it back
 * there brings the pilot's user the stable version after the banner's Reload.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { asAdmin, unique, type Headers } from './data';
import { consoleDir, E2E_PASSWORD, openSection, signIn, stateFile } from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const fixture = path.join(root, 'e2e', 'fixtures', 'pilot');
const VERSION = `pilot-${unique()}`;

/** A copy of remote-workflows' sources with the pilot's screen (the visible change), beside the real remote. */
function pilotSources(): string {
  const source = path.join(root, 'remote-workflows');
  const work = fs.mkdtempSync(path.join(root, '.release-build-pilot-'));
  for (const name of ['package.json', 'tsconfig.json', 'webpack.config.mjs', 'postcss.config.mjs', 'src']) {
    if (fs.existsSync(path.join(source, name))) fs.cpSync(path.join(source, name), path.join(work, name), { recursive: true });
  }
  const feature = path.join(work, 'src', 'features', 'pilot');
  fs.mkdirSync(feature, { recursive: true });
  fs.copyFileSync(path.join(fixture, 'PilotPage.tsx'), path.join(feature, 'PilotPage.tsx'));
  const routes = path.join(work, 'src', 'routes.tsx');
  const text = fs
    .readFileSync(routes, 'utf8')
    .replace("import { defineRemote } from 'shared';", "import { defineRemote, defineRoute } from 'shared';")
    .replace(
      /routes: \[(.*)\],/,
      "routes: [$1, defineRoute({ id: 'pilot', path: '/workflow/pilot', lazy: () => " +
        "import('./features/pilot/PilotPage'), handle: { roles: 'signedIn', title: 'Workflows pilot' } })],",
    );
  expect(text).toContain("id: 'pilot'");
  fs.writeFileSync(routes, text);
  return work;
}

/** A licence of the test's own, and a signed-in-able user of it (licence administrator, own password). */
async function licenseWithUser(request: APIRequestContext, headers: Headers, label: string) {
  const environments = (await (await request.get('/api/environments', { headers })).json()) as { environmentId: number }[];
  const name = `Channels ${label} ${unique()}`;
  const made = await request.post('/api/license/create', {
    headers,
    data: {
      name,
      company: 'Channels Co',
      environmentId: environments[0]!.environmentId,
      maxProjects: 5,
      maxUsers: -1,
      isActive: true,
      expiryDate: Date.UTC(2030, 5, 30),
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const licenseId = ((await made.json()) as { licenseId: number }).licenseId;
  const addons = await request.put(`/api/licenses/${licenseId}/addons`, { headers, data: [{ addOnId: 1, maxUsers: -1 }] });
  expect(addons.ok(), await addons.text()).toBe(true);
  const userName = `e2e.channels.${label}.${unique()}`;
  const user = await request.post(`/api/users/${userName}`, {
    headers,
    data: { userName, firstName: 'Channels', lastName: label, email: `${userName}@example.test`, licenseId },
  });
  expect(user.ok(), await user.text()).toBe(true);
  const userId = ((await user.json()) as { userId: number }).userId;
  const product = await request.put(`/api/users/${userName}/addons`, { headers, data: [{ addOnId: 1 }] });
  expect(product.ok(), await product.text()).toBe(true);
  const roles = (await (await request.get('/api/roles', { headers })).json()) as { roles: { roleId: number; name: string }[] }[];
  const roleIds = roles
    .flatMap((g) => g.roles)
    .filter((r) => ['ACCESS_MY_CUSTOMER_LICENCE', 'MENU_ADMIN_TOOL_ACCESS'].includes(r.name))
    .map((r) => r.roleId);
  const granted = await request.post('/api/updateRoles', { headers, data: { userId, roleIds } });
  expect(granted.ok(), await granted.text()).toBe(true);
  expect((await request.put(`/api/users/${userName}/password`, { headers, data: { mode: 'manual', password: E2E_PASSWORD } })).ok()).toBe(true);
  // A password an administrator set is changed at the first sign-in: the user chooses it again.
  const own = ((await (await request.post('/api/login', { data: { userName, password: E2E_PASSWORD } })).json()) as { token: string }).token;
  expect(
    (
      await request.put(`/api/users/${userName}/password`, {
        headers: { authorization: `Bearer ${own}` },
        data: { mode: 'manual', password: E2E_PASSWORD, currentPassword: E2E_PASSWORD },
      })
    ).ok(),
  ).toBe(true);
  await request.put('/api/logout', { headers: { authorization: `Bearer ${own}` } });
  return { licenseId, name, userName };
}

/** Nothing is wider than the window (no sideways scroll). */
async function fitsTheWidth(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

async function signedInPage(browser: Browser, userName: string, query = ''): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signIn(page, userName, E2E_PASSWORD, query);
  await expect(page.getByRole('navigation').first()).toBeVisible();
  return page;
}

test.use({ storageState: stateFile('superAdmin') });

test('a pilot of workflows for one licence: seen by its user only, its error counted on Console health, rolled back there', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const headers = await asAdmin(request);
  const host = path.join(consoleDir(), 'index.html');
  const hostBefore = fs.readFileSync(host, 'utf8');

  // Publish: build alone, copy into the running console's folder, register (npm run release).
  const sources = pilotSources();
  try {
    execFileSync(
      process.execPath,
      [
        path.join(root, 'scripts', 'release.mjs'),
        'workflows',
        '--version',
        VERSION,
        '--console-dir',
        consoleDir(),
        '--source',
        sources,
        '--register',
        baseURL!,
        '--token',
        headers.authorization.slice('Bearer '.length),
      ],
      {
        cwd: root,
        stdio: 'pipe',
      },
    );
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`release failed:\n${stdout?.toString() ?? ''}${stderr?.toString() ?? ''}`, { cause: error });
  } finally {
    fs.rmSync(sources, { recursive: true, force: true });
  }
  expect(fs.readFileSync(host, 'utf8')).toBe(hostBefore);

  const pilotLicense = await licenseWithUser(request, headers, 'pilot');
  const otherLicense = await licenseWithUser(request, headers, 'other');

  // Start the pilot on Console health, at a phone's width, with the keyboard only: the version
  // registered above, the pilot licence found by its name.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/console/health');
  const channel = page.getByRole('region', { name: 'workflows', exact: true });
  const start = channel.getByRole('button', { name: /^(Start a pilot|Change pilot)$/ });
  await start.focus();
  await page.keyboard.press('Enter');
  const pilotDialog = page.getByRole('dialog', { name: /pilot of workflows$/ });
  await expect(pilotDialog).toBeVisible();
  // Focus starts on the dialog's Close button; the version comes next.
  await page.keyboard.press('Tab');
  const versionSelect = pilotDialog.getByRole('combobox', { name: /Version/ });
  await expect(versionSelect).toBeFocused();
  await versionSelect.selectOption(VERSION);
  await page.keyboard.press('Tab');
  const filter = pilotDialog.getByRole('textbox', { name: 'Filter licences' });
  await expect(filter).toBeFocused();
  await page.keyboard.type(pilotLicense.name);
  await page.keyboard.press('Tab');
  await expect(pilotDialog.getByRole('checkbox', { name: pilotLicense.name })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(pilotDialog.getByText(`Chosen: ${pilotLicense.name}`)).toBeVisible();
  await fitsTheWidth(page);
  await expectAccessible(page, 'the pilot dialog');
  await pilotDialog.getByRole('button', { name: /^(Start|Change) the pilot$/ }).focus();
  await page.keyboard.press('Enter');
  await expect(pilotDialog).toHaveCount(0);
  // The card names the licence, not its id.
  await expect(channel.getByText(`${VERSION} for licences ${pilotLicense.name}`)).toBeVisible();
  await expect(page.getByText(`workflows ${VERSION} is the pilot now.`)).toBeVisible();
  await fitsTheWidth(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  // The pilot licence's user gets the pilot: its new screen, with the Pilot mark.
  // Signing in straight to the pilot's screen: the stable code of the section runs while the
  // sign-in is answered (it has no such route); the user's map then moves the section to the
  // pilot, and the page loads again there (remotes.store.ts, runLandingCode) to draw the pilot's.
  const pilotUser = await signedInPage(browser, pilotLicense.userName, `?returnTo=${encodeURIComponent('/workflow/pilot')}`);
  await expect(pilotUser).toHaveURL(/\/workflow\/pilot$/);
  await expect(pilotUser.getByRole('heading', { name: 'Workflows pilot' })).toBeVisible();
  await expect(pilotUser.getByText('Pilot', { exact: true })).toBeVisible();
  await pilotUser.goto('/workflow/pilot');
  await expect(pilotUser.getByRole('heading', { name: 'Workflows pilot' })).toBeVisible();
  await expect(pilotUser.getByText('Pilot', { exact: true })).toBeVisible();
  await expectAccessible(pilotUser);

  // Another licence's user keeps the stable version: no such screen, no mark.
  const otherUser = await signedInPage(browser, otherLicense.userName);
  await otherUser.goto('/workflow/pilot');
  await expect(otherUser).toHaveURL(/\/$/);
  await expect(otherUser.getByRole('heading', { name: 'Workflows pilot' })).toHaveCount(0);
  await expect(otherUser.getByText('Pilot', { exact: true })).toHaveCount(0);
  await otherUser.context().close();

  // The pilot throws: its section's fallback shows, and the browser reports the error.
  await pilotUser.getByRole('button', { name: 'Break this screen' }).click();
  await expect(pilotUser.getByText('This section is unavailable right now.')).toBeVisible();

  // Console health counts it, stable beside pilot.
  await page.goto('/console/health');
  const pilotRow = channel.getByRole('row').filter({ hasText: VERSION }).filter({ hasText: 'Last hour' });
  await expect
    .poll(
      async () => {
        await page.reload();
        // The channel's section comes with the figures: read them once it is drawn, not while they load.
        await channel.waitFor();
        return (await pilotRow.count()) > 0 ? ((await pilotRow.getByRole('cell').nth(5).textContent()) ?? '') : '';
      },
      // Reports go in batches (host/src/federation/reports.ts); on a loaded machine the first may take a while.
      { timeout: 60_000, intervals: [2000] },
    )
    .toMatch(/^[1-9][\d,.]*$/);
  await expect(channel.getByText(`${VERSION} for licences ${pilotLicense.name}`)).toBeVisible();
  await expectAccessible(page);

  // Roll back, confirming with the number of users affected.
  await channel.getByRole('button', { name: `Roll back ${VERSION}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(
    `Roll back workflows ${VERSION}? 1 user on the pilot in the last day goes back to the stable version at their next navigation.`,
  );
  await dialog.getByRole('button', { name: 'Roll back' }).click();
  await expect(channel.getByRole('button', { name: `Roll back ${VERSION}` })).toHaveCount(0);
  // The channel's History says who rolled back which version, and who started the pilot.
  await channel.getByText('History', { exact: true }).click();
  const history = channel.getByRole('table', { name: 'History' });
  await expect(history.getByRole('row').filter({ hasText: `Rolled back ${VERSION}` })).toBeVisible();
  await expect(history.getByRole('row').filter({ hasText: `Started the pilot of ${VERSION}` })).toContainText(`Added: ${pilotLicense.name}`);
  await expect(history.getByRole('row').filter({ hasText: `Rolled back ${VERSION}` })).toContainText(`Removed: ${pilotLicense.name}`);

  // The pilot's user: at the next navigation (in the page, no reload) the banner names the section; after Reload, the stable version.
  await openSection(pilotUser, 'Users');
  const banner = pilotUser.getByRole('alert').filter({ hasText: 'There is a new version of the product available' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('(workflows)');
  await banner.getByRole('button', { name: 'Reload' }).click();
  await pilotUser.goto('/workflow/pilot');
  await expect(pilotUser).toHaveURL(/\/$/);
  await expect(pilotUser.getByRole('heading', { name: 'Workflows pilot' })).toHaveCount(0);
  await expect(pilotUser.getByText('Pilot', { exact: true })).toHaveCount(0);
  await pilotUser.context().close();
  expect(fs.readFileSync(host, 'utf8')).toBe(hostBefore);
});

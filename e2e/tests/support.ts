import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { STATE_FILE } from '../global-setup';
import { OUTBOX_KEY } from '../fixtures/users';

export { ADMIN_PASSWORD, DEMO_PASSWORD, E2E_PASSWORD, E2E_USERS } from '../fixtures/users';

/** Where the suite's copy of the built console is (tests deploy "new versions" into it). */
export function consoleDir(): string {
  return (JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as { consoleDir: string }).consoleDir;
}

export const userNameField = (page: Page) => page.getByRole('textbox', { name: 'User name', exact: true });

/** Password inputs have no ARIA role; their label may carry the required marker. */
export const passwordField = (page: Page) => page.getByLabel(/^Password\*?$/);

/** Signs in through the login form. */
export async function signIn(page: Page, userName: string, password: string, query = '') {
  await page.goto(`/login${query}`);
  await userNameField(page).fill(userName);
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Mail the server kept for `to` (the development outbox), newest last. */
export async function mailTo(request: APIRequestContext, to: string): Promise<{ subject: string; text: string; sentAt: string }[]> {
  const answer = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`, { headers: { 'x-outbox-key': OUTBOX_KEY } });
  expect(answer.ok()).toBe(true);
  return answer.json();
}

/** Waits for the newest mail to `to` that `match` accepts, sent at or after `since` when given. */
export async function waitForMail(request: APIRequestContext, to: string, match: RegExp, since?: Date): Promise<RegExpExecArray> {
  let found: RegExpExecArray | null = null;
  await expect
    .poll(async () => {
      const mail = (await mailTo(request, to)).filter((m) => !since || new Date(m.sentAt) >= since).reverse();
      for (const m of mail) {
        found = match.exec(m.text);
        if (found) return true;
      }
      return false;
    })
    .toBe(true);
  return found!;
}

/** The session token the console keeps (localStorage). */
export async function sessionToken(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('console-session') ?? '{}').state?.token as string);
}

/** Roles the setup project signs in once (tests/auth.setup.ts). */
export type SavedRole = 'licenseAdmin' | 'viewer' | 'superAdmin';

/** Where the setup project keeps a role's signed-in browser state; `test.use({ storageState: stateFile(role) })`. */
export function stateFile(role: SavedRole): string {
  // Per port: two suites on one machine each keep their own sessions.
  return path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.auth', String(process.env.E2E_PORT ?? 4173), `${role}.json`);
}

/** Below this width the main navigation is behind the Menu button; from it, it is the side navigation. */
export const SIDE_NAV_WIDTH = 1024;

/**
 * A section's link in the main navigation, found even inside a closed group (for whether the
 * navigation offers it at all: count 1 or 0). Not for clicking: `openSection` follows a link.
 */
export function navEntry(page: Page, label: string) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true, includeHidden: true });
}

/**
 * Follows a section's link as a user does: through the Menu button below 1024 px, and
 * opening the link's group when it is closed.
 */
export async function openSection(page: Page, label: string) {
  const menu = page.getByRole('button', { name: 'Menu' });
  if ((page.viewportSize()?.width ?? 1280) < SIDE_NAV_WIDTH && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  // Wait for the section's remote to declare the link (shown, or in a closed group).
  await expect(navEntry(page, label)).toHaveCount(1);
  const link = nav.getByRole('link', { name: label, exact: true });
  const closedGroup = nav
    .locator('li')
    .filter({ has: page.locator(':scope > ul[hidden] a', { hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) });
  // Open the link's group, and look again: a group that opened by itself between the look and
  // the click (the page's own section) is closed by that click, as a user's would be.
  await expect(async () => {
    if (!(await link.isVisible())) await closedGroup.getByRole('button', { expanded: false }).click({ timeout: 2_000 });
    await expect(link, `the link ${label} shown, on ${page.url()}`).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await link.click();
}

/**
 * After Space has picked up a sortable entry (its announcement seen): waits for the task in
 * which dnd-kit's keyboard sensor starts listening for the arrow keys. It adds that listener
 * in a `setTimeout` after the pick-up, and a browser under load runs a key press before a
 * timer: an arrow pressed in between is lost. A timer set now runs after the sensor's.
 */
export async function keyboardDragListening(page: Page) {
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

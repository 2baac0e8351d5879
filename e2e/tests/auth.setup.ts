/**
 * The setup project: signs in once per role and saves the browser's state, so tests that
 * only need a signed-in user start on their page instead of signing in again. Tests that
 * change a session (log out, expire it) sign in themselves.
 */
import { expect, test as setup } from '@playwright/test';
import { E2E_PASSWORD, E2E_USERS, signIn, stateFile } from './support';

const ROLES = { licenseAdmin: E2E_USERS.admin, viewer: E2E_USERS.guard, superAdmin: E2E_USERS.superAdmin } as const;

for (const [role, userName] of Object.entries(ROLES)) {
  setup(`sign in as ${role}`, async ({ page }) => {
    await signIn(page, userName, E2E_PASSWORD, '?returnTo=/');
    await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
    await page.context().storageState({ path: stateFile(role as keyof typeof ROLES) });
  });
}

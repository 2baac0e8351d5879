import { expect, test } from './test';
import { E2E_PASSWORD, E2E_USERS, sessionToken, signIn, openSection } from './support';

test('a 412 from the server logs out and shows its message on Login', async ({ page, request }) => {
  await signIn(page, E2E_USERS.session, E2E_PASSWORD, '?returnTo=/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  // The session ends on the server (as when it is revoked elsewhere).
  const token = await sessionToken(page);
  expect((await request.put('/api/logout', { headers: { authorization: `Bearer ${token}` } })).ok()).toBe(true);
  await openSection(page, 'Projects');
  await expect(page).toHaveURL(/\/login\?status=412&message=/);
  await expect(page.getByRole('alert')).toContainText('Your session has ended. Please log in again.');
  expect(await sessionToken(page)).toBeFalsy();
});

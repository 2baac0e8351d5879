import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './test';
import { consoleDir, stateFile, openSection } from './support';

// These tests deploy a "new version" into the suite's copy of the console, one at a time.
test.describe.configure({ mode: 'serial' });
test.use({ storageState: stateFile('licenseAdmin') });

function redeploy(file: string, change: (json: Record<string, any>) => void): () => void {
  const original = fs.readFileSync(file, 'utf8');
  const json = JSON.parse(original);
  change(json);
  fs.writeFileSync(file, JSON.stringify(json));
  return () => fs.writeFileSync(file, original);
}

test('a newly deployed host shows the new-version banner after a navigation, with Reload', async ({ page }) => {
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(page.getByText('There is a new version of the product available')).toHaveCount(0);
  const restore = redeploy(path.join(consoleDir(), 'version.json'), (v) => (v.version = `${v.version}-next`));
  try {
    await openSection(page, 'Projects');
    const banner = page.getByRole('alert').filter({ hasText: 'There is a new version of the product available' });
    await expect(banner).toBeVisible();
    restore();
    await banner.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
    await expect(page.getByText('There is a new version of the product available')).toHaveCount(0);
  } finally {
    restore();
  }
});

// A remote's deployed version is its declaration's (kernel 4: remote.json, beside its manifest).
test('a newly deployed remote shows the banner too', async ({ page }) => {
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  const restore = redeploy(
    path.join(consoleDir(), 'remotes', 'workflows', 'remote.json'),
    (declaration) => (declaration.version = `${declaration.version}-next`),
  );
  try {
    await openSection(page, 'Projects');
    await expect(page.getByText('There is a new version of the product available')).toBeVisible();
  } finally {
    restore();
  }
});

/**
 * The workflow designer's item panel end to end (issue 28): a workflow made through the API,
 * opened in the designer; an item given requirements, two conditions, a Geo and a Tag trigger,
 * resets ('All after'), completions ('All previous') and two equipment-status mappings, another
 * made a Production item with its production; the held tabs applied with Update ('updated, save
 * workflow to confirm'), the workflow saved, the page reloaded, and every tab showing what it
 * was given. Then the panel at 390 px.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { asAdmin, findSite, makeProject, makeSites, toast, unique, type Headers } from './data';
import { stateFile } from './support';
import { expect, expectAccessible, test } from './test';

test.use({ storageState: stateFile('superAdmin') });

/** An item as a client sends a new one: empty tabs, Progress. */
const item = (itemName: string, itemWeight: number) => ({
  itemId: crypto.randomUUID(),
  itemName,
  itemType: 2,
  itemWeight,
  preRequisite: null,
  conditionalVisibility: [],
  triggers: [],
  complete: [],
  reset: [],
  requirements: [],
  itemStateFromEquipmentStatus: [],
  production: null,
  emails: [],
});

/** Foundations (Survey, Excavate, Pour) and Frame (Erect, Inspect, Deliver), weights summing to 100, saved in `projectId`. */
async function makeWorkflow(request: APIRequestContext, headers: Headers, projectId: number, name: string): Promise<number> {
  const phase = (phaseName: string, items: ReturnType<typeof item>[]) => ({
    phaseId: crypto.randomUUID(),
    phaseName,
    color: '#FCC400',
    phaseWeight: 50,
    items,
  });
  const body = [
    {
      workflowId: 0,
      name,
      workflowType: 'progress',
      projectId,
      workflowRelatedKey: crypto.randomUUID(),
      workflowData: {
        phases: [
          phase('Foundations', [item('Survey', 25), item('Excavate', 25), item('Pour', 50)]),
          phase('Frame', [item('Erect', 25), item('Inspect', 25), item('Deliver', 50)]),
        ],
      },
    },
  ];
  const saved = await request.post(`/api/${projectId}/workflow/bulk`, { headers, data: body });
  expect(saved.ok(), await saved.text()).toBe(true);
  return ((await saved.json()) as { workflowId: number }[])[0]!.workflowId;
}

const panelOf = (page: Page) => page.getByRole('region', { name: 'Item details' });
const tab = (panel: Locator, name: string) => panel.getByRole('tab', { name, exact: true });
const row = (panel: Locator, name: RegExp | string) => panel.getByRole('group', { name });

/** Opens the item's panel from the board. */
async function openItem(page: Page, name: string): Promise<Locator> {
  await page.getByRole('button', { name, exact: true }).click();
  const panel = panelOf(page);
  await expect(panel.getByRole('heading', { name, exact: true })).toBeVisible();
  return panel;
}

test('each item tab’s content is kept through Update, save and reload', async ({ page, request }) => {
  test.slow();
  const headers = await asAdmin(request);
  const tag = unique();
  const projectId = await makeProject(request, headers, `E2E item tabs ${tag}`);
  const sites = await makeSites(request, headers, projectId, [{ name: 'Yard', children: [{ name: 'Gate A' }] }]);
  const gate = findSite(sites, 'Gate A')!;
  const workflowId = await makeWorkflow(request, headers, projectId, `E2E item tabs ${tag}`);

  await page.goto(`/workflow/${projectId}/${workflowId}/view`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Workflow' })).toBeVisible();
  let panel = await openItem(page, 'Pour');
  await expect(panel.getByRole('combobox', { name: 'Item type' })).toHaveValue('2');
  await expect(tab(panel, 'Production')).toBeDisabled();

  // ---- Requirements: written into the draft as typed
  await panel.getByRole('button', { name: 'Add requirement' }).click();
  const requirement = row(panel, /^Requirement 1/);
  await requirement.getByRole('textbox', { name: /^Name/ }).fill('Permit');
  await requirement.getByRole('combobox', { name: /^Type/ }).selectOption('Property');
  await requirement.getByRole('checkbox', { name: 'Property is editable' }).check();
  await requirement.getByRole('spinbutton', { name: /^Weight/ }).fill('10');
  // The type cannot change now, and the panel says why.
  await expect(panel.getByRole('combobox', { name: 'Item type' })).toBeDisabled();
  await expect(panel.getByRole('combobox', { name: 'Item type' })).toHaveAccessibleDescription(/Remove the item’s conditions, requirements/);

  // ---- Conditional: at least 2 entries
  await tab(panel, 'Conditional').click();
  await panel.getByRole('button', { name: 'Add condition' }).click();
  await row(panel, /^Condition 1/)
    .getByRole('textbox', { name: /^Name/ })
    .fill('Dug');
  await row(panel, /^Condition 1/)
    .getByRole('combobox', { name: /^Target item/ })
    .selectOption({ label: 'Foundations › Excavate' });
  await expect(panel.getByRole('alert')).toHaveText('Conditional visibility needs at least 2 entries.');
  await panel.getByRole('button', { name: 'Add condition' }).click();
  await row(panel, /^Condition 2/)
    .getByRole('textbox', { name: /^Name/ })
    .fill('Surveyed');
  await row(panel, /^Condition 2/)
    .getByRole('combobox', { name: /^Target item/ })
    .selectOption({ label: 'Foundations › Survey' });
  await expect(panel.getByRole('alert')).toHaveCount(0);

  // ---- Triggers: a Geo trigger on a site of the project, a Tag trigger; held until Update
  await tab(panel, 'Triggers').click();
  await panel.getByRole('button', { name: 'Add trigger' }).click();
  const geo = row(panel, /^Trigger 1/);
  await geo.getByRole('textbox', { name: /^Name/ }).fill('Gate in');
  await geo.getByRole('combobox', { name: /^Site/ }).selectOption({ label: 'Yard › Gate A' });
  await geo.getByRole('combobox', { name: /^Condition/ }).selectOption('Leaving');
  await panel.getByRole('button', { name: 'Add trigger' }).click();
  const badge = row(panel, /^Trigger 2/);
  await badge.getByRole('combobox', { name: /^Type/ }).selectOption('Tag');
  await badge.getByRole('textbox', { name: /^Name/ }).fill('Badge');
  await badge.getByRole('combobox', { name: /^Condition/ }).selectOption('TagUnassignment');
  await expectAccessible(page, 'the Triggers tab with held edits');
  await panel.getByRole('button', { name: 'Update triggers' }).click();
  await expect(toast(page, 'updated, save workflow to confirm')).toBeVisible();

  // ---- Auto-Reset: every later item
  await tab(panel, 'Auto-Reset').click();
  await panel.getByRole('checkbox', { name: 'All after' }).check();
  await expect(panel.getByRole('checkbox', { name: 'Frame › Deliver' })).toBeChecked();

  // ---- Auto-Complete: every earlier item without requirements and conditions
  await tab(panel, 'Auto-Complete').click();
  await panel.getByRole('button', { name: 'All previous' }).click();
  await expect(panel.getByRole('checkbox', { name: 'Foundations › Survey' })).toBeChecked();
  await expect(panel.getByRole('checkbox', { name: 'Foundations › Excavate' })).toBeChecked();

  // ---- Equipment Status: two rows at most, held until Update
  await tab(panel, 'Equipment Status').click();
  await panel.getByRole('button', { name: 'Add mapping' }).click();
  await row(panel, 'Mapping 1')
    .getByRole('combobox', { name: /^Equipment status/ })
    .selectOption('Available');
  await panel.getByRole('button', { name: 'Add mapping' }).click();
  await row(panel, 'Mapping 2')
    .getByRole('combobox', { name: /^Equipment status/ })
    .selectOption('Unavailable');
  await expect(panel.getByRole('button', { name: 'Add mapping' })).toBeDisabled();
  await panel.getByRole('button', { name: 'Update equipment statuses' }).click();
  await expect(toast(page, 'updated, save workflow to confirm')).toBeVisible();
  await expectAccessible(page, 'the Equipment Status tab');

  // ---- Deliver becomes a Production item with its production
  panel = await openItem(page, 'Deliver');
  await panel.getByRole('combobox', { name: 'Item type' }).selectOption('Production');
  await expect(tab(panel, 'Triggers')).toBeDisabled();
  await tab(panel, 'Production').click();
  await panel.getByRole('textbox', { name: /^Name/ }).fill('Steel');
  await panel.getByRole('spinbutton', { name: /^Total quantity/ }).fill('12');
  await panel.getByRole('textbox', { name: /^UOM/ }).fill('t');
  await panel.getByRole('button', { name: 'Update production' }).click();
  await expect(toast(page, 'updated, save workflow to confirm')).toBeVisible();

  // ---- save, reload, and every tab holds what it was given
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Workflow modified')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Workflow' })).toBeVisible();

  panel = await openItem(page, 'Pour');
  const kept = row(panel, 'Requirement 1: Permit');
  await expect(kept.getByRole('combobox', { name: /^Type/ })).toHaveValue('6');
  await expect(kept.getByRole('checkbox', { name: 'Property is editable' })).toBeChecked();
  await expect(kept.getByRole('spinbutton', { name: /^Weight/ })).toHaveValue('10');

  await tab(panel, 'Conditional').click();
  await expect(
    row(panel, 'Condition 1: Dug')
      .getByRole('combobox', { name: /^Target item/ })
      .locator('option:checked'),
  ).toHaveText('Foundations › Excavate');
  await expect(
    row(panel, 'Condition 2: Surveyed')
      .getByRole('combobox', { name: /^Target item/ })
      .locator('option:checked'),
  ).toHaveText('Foundations › Survey');

  await tab(panel, 'Triggers').click();
  await expect(row(panel, 'Trigger 1: Gate in').getByRole('combobox', { name: /^Site/ })).toHaveValue(String(gate.siteId));
  await expect(
    row(panel, 'Trigger 1: Gate in')
      .getByRole('combobox', { name: /^Condition/ })
      .locator('option:checked'),
  ).toHaveText('Leaving');
  await expect(row(panel, 'Trigger 2: Badge').getByRole('combobox', { name: /^Type/ })).toHaveValue('2');
  await expect(
    row(panel, 'Trigger 2: Badge')
      .getByRole('combobox', { name: /^Condition/ })
      .locator('option:checked'),
  ).toHaveText('TagUnassignment');

  await tab(panel, 'Auto-Reset').click();
  await expect(panel.getByRole('checkbox', { name: 'All after' })).toBeChecked();
  await expect(panel.getByRole('checkbox', { name: 'Foundations › Survey' })).not.toBeChecked();

  await tab(panel, 'Auto-Complete').click();
  await expect(panel.getByRole('checkbox', { name: 'Foundations › Survey' })).toBeChecked();
  await expect(panel.getByRole('checkbox', { name: 'Foundations › Excavate' })).toBeChecked();
  await expect(panel.getByRole('checkbox', { name: 'Frame › Erect' })).not.toBeChecked();

  await tab(panel, 'Equipment Status').click();
  await expect(
    row(panel, 'Mapping 1')
      .getByRole('combobox', { name: /^Item state/ })
      .locator('option:checked'),
  ).toHaveText('Progress');
  await expect(
    row(panel, 'Mapping 1')
      .getByRole('combobox', { name: /^Equipment status/ })
      .locator('option:checked'),
  ).toHaveText('Available');
  await expect(
    row(panel, 'Mapping 2')
      .getByRole('combobox', { name: /^Item state/ })
      .locator('option:checked'),
  ).toHaveText('Reset');
  await expect(
    row(panel, 'Mapping 2')
      .getByRole('combobox', { name: /^Equipment status/ })
      .locator('option:checked'),
  ).toHaveText('Unavailable');

  panel = await openItem(page, 'Deliver');
  await expect(panel.getByRole('combobox', { name: 'Item type' })).toHaveValue('3');
  await tab(panel, 'Production').click();
  await expect(panel.getByRole('textbox', { name: /^Name/ })).toHaveValue('Steel');
  await expect(panel.getByRole('spinbutton', { name: /^Total quantity/ })).toHaveValue('12');
  await expect(panel.getByRole('textbox', { name: /^UOM/ })).toHaveValue('t');

  // ---- at 390 px the panel fits the phone
  await page.setViewportSize({ width: 390, height: 844 });
  await tab(panel, 'Production').scrollIntoViewIfNeeded();
  const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, phone: window.innerWidth }));
  expect(width.page).toBeLessThanOrEqual(width.phone);
  await expectAccessible(page, 'the item panel at 390 px');
});

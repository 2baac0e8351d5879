/**
 * Workflows (spec 2 §2–§5, issue 28), in Chromium against the real API: a workflow built in the
 * designer — two phases with items, their weights through the modals (Spread evenly), a phase
 * moved by mouse drag and an item by keyboard with the moves announced — saved, read again in
 * its order, copied (new GUIDs, checked through the API), archived from the list after the
 * confirmation, its save in History; the unsaved-changes guard; and the designer with data at
 * 1280 and 390 px. The e2e super administrator holds ADMINISTER_WORKFLOW and EDIT_WORKFLOW;
 * each test makes its own projects through the API in SiteSense Internal.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { keyboardDragListening, stateFile } from './support';
import { asAdmin, makeProject, toast, unique, type Headers } from './data';

test.use({ storageState: stateFile('superAdmin') });

type Phase = { phaseId: string; phaseName: string; phaseWeight: number; items: { itemId: string; itemName: string; itemWeight: number; emails?: string[] }[] };
type Workflow = {
  workflowId: number;
  name: string;
  projectId: number;
  workflowRelatedKey: string;
  isDecommissioned?: boolean;
  workflowData: { phases: Phase[] };
};

/** One workflow and its copies, through the API. */
async function workflowOf(
  request: APIRequestContext,
  headers: Headers,
  workflowId: number,
): Promise<{ workflow: Workflow; copies: { workflowId: number; projectId: number }[] }> {
  const answer = await request.get(`/api/workflows/${workflowId}`, { headers });
  expect(answer.status(), await answer.text()).toBe(200);
  return answer.json();
}

/** A saved workflow of `phases` (names and item names, weights spread evenly), made through the API; its copies in `others` too. */
async function makeWorkflows(
  request: APIRequestContext,
  headers: Headers,
  projectId: number,
  name: string,
  phases: Record<string, string[]>,
  others: number[] = [],
): Promise<Workflow[]> {
  const names = Object.keys(phases);
  const share = (count: number, index: number) => (index === count - 1 ? 100 - Math.floor(100 / count) * (count - 1) : Math.floor(100 / count));
  const key = randomUUID();
  const workflowData = {
    phases: names.map((phaseName, p) => ({
      phaseId: randomUUID(),
      phaseName,
      color: ['#FCC400', '#2563EB', '#16A34A', '#DC2626'][p % 4],
      phaseWeight: share(names.length, p),
      items: phases[phaseName]!.map((itemName, i) => ({ itemId: randomUUID(), itemName, itemWeight: share(phases[phaseName]!.length, i) })),
    })),
  };
  const body = [projectId, ...others].map((id) => ({ workflowId: 0, name, projectId: id, workflowRelatedKey: key, workflowData }));
  const made = await request.post(`/api/${projectId}/workflow/bulk`, { headers, data: body });
  expect(made.status(), await made.text()).toBeLessThan(300);
  return (await made.json()) as Workflow[];
}

/** A saved workflow of `phases` in one project. */
const makeWorkflow = async (
  request: APIRequestContext,
  headers: Headers,
  projectId: number,
  name: string,
  phases: Record<string, string[]>,
): Promise<Workflow> => (await makeWorkflows(request, headers, projectId, name, phases))[0]!;

/** Ticks a project in the designer's list (filtered to it: the suite's server holds many). */
async function chooseProject(page: Page, name: string, projectId: number) {
  const filter = page.getByRole('textbox', { name: 'Filter projects' });
  if (await filter.isVisible()) await filter.fill(name);
  await page.getByRole('checkbox', { name: `${name} (${projectId})` }).check();
}

/** Adds a new phase through Add Phase. */
async function addPhase(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add Phase' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Phase' });
  await dialog.getByRole('textbox', { name: /Phase name/ }).fill(name);
  await dialog.getByRole('button', { name: 'Add phase' }).click();
  await expect(dialog).toBeHidden();
}

/** Adds an item to a phase through its properties modal. */
async function addItem(page: Page, phase: string, name: string, email?: string) {
  await page.getByRole('button', { name: `Add Item to phase ${phase}` }).click();
  const dialog = page.getByRole('dialog', { name: `Add item to phase ${phase}` });
  await dialog.getByRole('textbox', { name: /Item name/ }).fill(name);
  if (email) {
    await dialog.getByRole('textbox', { name: 'Notification e-mails' }).fill(email);
    await dialog.getByRole('textbox', { name: 'Notification e-mails' }).press('Enter');
    await expect(dialog.getByRole('list', { name: 'Notification e-mails' })).toContainText(email);
  }
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(dialog).toBeHidden();
}

/** Opens a weights modal, spreads the weights evenly and applies them. */
async function spreadWeights(page: Page, opener: Locator, title: string, sum: string) {
  await opener.click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: 'Spread evenly' }).click();
  await expect(dialog.getByText(sum)).toBeVisible();
  await expectAccessible(page, title);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
}

/** The item names of a phase's card, in order (each item's name is its toggle button, the only one with aria-pressed). */
const itemNames = (page: Page, phase: string) =>
  page
    .getByRole('list', { name: `Items of phase ${phase}` })
    .locator('button[aria-pressed]')
    .allTextContents();
/** The dnd-kit live region's words (the newest announcement). */
const announced = (page: Page, text: string) => page.locator('[id^="DndLiveRegion"]').filter({ hasText: text });

test('builds a workflow with phases and items, weights and reordering, saves it, copies it with new ids and archives it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const headers = await asAdmin(request);
  const u = unique();
  const [nameA, nameB] = [`Workflows A ${u}`, `Workflows B ${u}`];
  const projectA = await makeProject(request, headers, nameA);
  const projectB = await makeProject(request, headers, nameB);
  const workflowName = `Steel ${u}`;

  // ---- the list's Add Workflow
  await page.goto('/workflow');
  await expect(page.getByRole('heading', { level: 1, name: 'Workflows' })).toBeVisible();
  await page.getByRole('link', { name: 'Add Workflow' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Workflow' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'History' })).toHaveCount(0);

  // ---- Save refused with every message at once
  await page.getByRole('button', { name: 'Save' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'The workflow cannot be saved yet:' });
  await expect(summary).toContainText('Workflow name is Required');
  await expect(summary).toContainText('Choose at least one project.');
  await expect(summary).toContainText('Add at least one phase.');
  await expectAccessible(page, 'the designer’s refused save');

  await page.getByRole('textbox', { name: /Workflow name/ }).fill(workflowName);
  await chooseProject(page, nameA, projectA);
  await addPhase(page, 'Build');
  await addItem(page, 'Build', 'Frame', 'site@example.com');
  await addItem(page, 'Build', 'Roof');
  await addPhase(page, 'Inspect');
  await addItem(page, 'Inspect', 'Check');
  await expect(page.getByText('Phases 0 / 100')).toBeVisible();

  // ---- weights through the modals, spread evenly; the sums live
  await spreadWeights(page, page.getByRole('button', { name: 'Phase weights' }), 'Phase weights', 'Phases 100 / 100');
  await spreadWeights(page, page.getByRole('button', { name: 'Item weights of phase Build' }), 'Item weights of Build', 'Items 100 / 100');
  await spreadWeights(page, page.getByRole('button', { name: 'Item weights of phase Inspect' }), 'Item weights of Inspect', 'Items 100 / 100');
  await expect(page.getByText('Phases 100 / 100')).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'Phase 1 weight' })).toHaveValue('50');

  // ---- a phase moved by mouse drag: Inspect above Build
  const inspectHandle = page.getByRole('button', { name: /^Move phase Inspect/ });
  const buildHandle = page.getByRole('button', { name: /^Move phase Build/ });
  const from = (await inspectHandle.boundingBox())!;
  const to = (await buildHandle.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y - 12, { steps: 15 });
  await page.mouse.up();
  await expect(announced(page, 'Phase Inspect moved to position 1 of 2.')).toHaveCount(1);
  await expect(page.getByRole('textbox', { name: 'Phase 1 name' })).toHaveValue('Inspect');
  await expect(page.getByRole('textbox', { name: 'Phase 2 name' })).toHaveValue('Build');

  // ---- an item moved by keyboard: Space, ArrowDown, Space
  const handle = page.getByRole('button', { name: /^Move item Frame/ });
  await handle.focus();
  await expect(handle).toBeFocused();
  await page.keyboard.press('Space');
  // Picked up, it is over its own place at once (the newest announcement).
  await expect(announced(page, 'Item Frame is over position 1 of 2 in phase Build.')).toHaveCount(1);
  await keyboardDragListening(page);
  await page.keyboard.press('ArrowDown');
  await expect(announced(page, 'Item Frame is over position 2 of 2 in phase Build.')).toHaveCount(1);
  await page.keyboard.press('Space');
  await expect(announced(page, 'Item Frame moved to position 2 of 2 in phase Build.')).toHaveCount(1);
  expect(await itemNames(page, 'Build')).toEqual(['Roof', 'Frame']);
  await expectAccessible(page, 'the designer with two phases');

  // ---- save, then read again: the order kept
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Workflow saved')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Workflow' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/workflow/${projectA}/\\d+/view`));
  const workflowId = Number(/\/workflow\/\d+\/(\d+)\/view/.exec(page.url())![1]);
  await page.reload();
  await expect(page.getByRole('textbox', { name: /Workflow name/ })).toHaveValue(workflowName);
  await expect(page.getByRole('textbox', { name: 'Phase 1 name' })).toHaveValue('Inspect');
  expect(await itemNames(page, 'Build')).toEqual(['Roof', 'Frame']);
  const saved = (await workflowOf(request, headers, workflowId)).workflow;
  expect(saved.workflowData.phases.map((phase) => [phase.phaseName, phase.phaseWeight, phase.items.map((item) => [item.itemName, item.itemWeight])])).toEqual([
    ['Inspect', 50, [['Check', 100]]],
    [
      'Build',
      50,
      [
        ['Roof', 50],
        ['Frame', 50],
      ],
    ],
  ]);

  // ---- History lists the save
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('table', { name: 'History' }).getByRole('row').nth(1)).toContainText(`POST /api/${projectA}/workflow/bulk`);
  await expectAccessible(page, 'the workflow’s History');

  // ---- copy from the list: new GUIDs, e-mails cleared, another project
  await page.goto('/workflow');
  await page.getByRole('searchbox').fill(u);
  // The search settles into the URL (250 ms after the last key) before the row's link is followed.
  await expect(page).toHaveURL(new RegExp(`[?&]q=${u}`));
  const row = page.getByRole('row').filter({ hasText: workflowName });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: `Copy ${workflowName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Workflow' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Workflow name/ })).toHaveValue(workflowName);
  await page.getByRole('textbox', { name: /Workflow name/ }).fill(`${workflowName} copy`);
  await chooseProject(page, nameB, projectB);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Workflow saved')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/workflow/${projectB}/\\d+/view`));
  const copyId = Number(/\/workflow\/\d+\/(\d+)\/view/.exec(page.url())![1]);
  const copy = (await workflowOf(request, headers, copyId)).workflow;
  const ids = (w: Workflow) => w.workflowData.phases.flatMap((phase) => [phase.phaseId, ...phase.items.map((item) => item.itemId)]);
  expect(copy.workflowData.phases.map((phase) => phase.phaseName)).toEqual(['Inspect', 'Build']);
  expect(ids(copy).filter((id) => ids(saved).includes(id))).toEqual([]);
  expect(copy.workflowRelatedKey).not.toBe(saved.workflowRelatedKey);
  expect(saved.workflowData.phases[1]!.items[1]!.emails).toEqual(['site@example.com']);
  expect(copy.workflowData.phases[1]!.items[1]!.emails ?? []).toEqual([]);

  // ---- archive the original from the list, after the confirmation naming its project
  await page.goto('/workflow');
  await page.getByRole('searchbox').fill(u);
  await expect(page.getByRole('row').filter({ hasText: `${workflowName} copy` })).toHaveCount(1);
  const original = page.getByRole('row').filter({ hasText: nameA });
  await original.getByRole('button', { name: `Archive ${workflowName}` }).click();
  const confirm = page.getByRole('dialog', { name: `Archive ${workflowName}?` });
  await expect(confirm).toContainText(`${nameA} (${projectA})`);
  await expectAccessible(page, 'the archive confirmation');
  await confirm.getByRole('button', { name: 'Archive' }).click();
  await expect(toast(page, 'Workflow archived')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: nameA })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: `${workflowName} copy` })).toHaveCount(1);
});

test('leaving a workflow with an unsaved change asks first', async ({ page, request }) => {
  const headers = await asAdmin(request);
  const u = unique();
  const name = `Guard ${u}`;
  const projectId = await makeProject(request, headers, `Workflows guard ${u}`);
  const made = await makeWorkflow(request, headers, projectId, name, { Deliver: ['Unload', 'Count'] });
  await page.goto(`/workflow/${projectId}/${made.workflowId}/view`);
  await expect(page.getByRole('textbox', { name: /Workflow name/ })).toHaveValue(name);
  const question = page.getByRole('dialog', { name: 'Discard unsaved changes?' });

  // Nothing changed: the list opens at once.
  await page.getByRole('link', { name: 'Workflows', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Workflows' })).toBeVisible();
  await page.goBack();
  await page.getByRole('textbox', { name: 'Phase 1 name' }).fill('Deliver and check');
  await page.getByRole('link', { name: 'Workflows', exact: true }).first().click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(page.getByRole('textbox', { name: 'Phase 1 name' })).toHaveValue('Deliver and check');
  // History beside Design loses nothing.
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByRole('tab', { name: 'Design' }).click();
  await expect(page.getByRole('textbox', { name: 'Phase 1 name' })).toHaveValue('Deliver and check');
  await page.getByRole('link', { name: 'Workflows', exact: true }).first().click();
  await question.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Workflows' })).toBeVisible();
});

test('the designer with data at 1280 and 390 px: the board beside the item, then stacked, nothing wider than the screen', async ({ page, request }) => {
  const headers = await asAdmin(request);
  const u = unique();
  const projectId = await makeProject(request, headers, `Workflows screens ${u}`);
  const made = await makeWorkflow(request, headers, projectId, `Pipe spools ${u}`, {
    Fabricate: ['Cut', 'Weld', 'Paint and coat the spool'],
    Deliver: ['Load', 'Unload'],
    Install: ['Set', 'Bolt up', 'Hydrotest'],
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/workflow/${projectId}/${made.workflowId}/view`);
  await page.getByRole('button', { name: 'Weld', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Item details' })).toContainText('An item of phase Fabricate');
  await page.screenshot({ path: test.info().outputPath('workflow-designer-1280.png'), fullPage: true });
  await expectAccessible(page, 'the designer at 1280 px');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('region', { name: 'Item details' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('workflow-designer-390.png'), fullPage: true });
  await page.getByRole('button', { name: 'Phase weights' }).click();
  await expect(page.getByRole('dialog', { name: 'Phase weights' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('workflow-weights-390.png') });
  await expectAccessible(page, 'the phase weights at 390 px');
});

test('a workflow shared by two projects stays one row when the list is filtered by one, and Archive names and archives both copies', async ({
  page,
  request,
}) => {
  const headers = await asAdmin(request);
  const u = unique();
  const [nameA, nameB] = [`Shared A ${u}`, `Shared B ${u}`];
  const projectA = await makeProject(request, headers, nameA);
  const projectB = await makeProject(request, headers, nameB);
  const name = `Shared steel ${u}`;
  const [copyA] = await makeWorkflows(request, headers, projectA, name, { Build: ['Frame'] }, [projectB]);

  await page.goto('/workflow');
  await page.getByRole('combobox', { name: 'Project' }).selectOption({ label: `${projectB} · ${nameB}` });
  await page.getByRole('searchbox').fill(u);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${nameA}, ${nameB}`);
  await expect(row).toContainText(`${projectA}, ${projectB}`);
  await row.getByRole('button', { name: `Archive ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Archive ${name}?` });
  await expect(confirm.getByRole('listitem')).toHaveText([`${nameA} (${projectA})`, `${nameB} (${projectB})`]);
  await expectAccessible(page, 'the archive confirmation of a filtered shared workflow');
  await confirm.getByRole('button', { name: 'Archive' }).click();
  await expect(toast(page, 'Workflow archived')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  const { workflow, copies } = await workflowOf(request, headers, copyA!.workflowId);
  expect([workflow.isDecommissioned, copies]).toEqual([true, []]);
});

test('cannot archive opens its reasons from the keyboard, with a link to the project’s Resource Workflows Config that works', async ({ page, request }) => {
  const headers = await asAdmin(request);
  const u = unique();
  const projectName = `Followed ${u}`;
  const projectId = await makeProject(request, headers, projectName);
  const name = `Followed flow ${u}`;
  const made = await makeWorkflow(request, headers, projectId, name, { Build: ['Frame'] });
  const types = (await (await request.get('/api/Resource/resourceTypesMetaData', { headers })).json()) as { typeName: string; typeNumber: number }[];
  const linked = await request.post(`/api/${projectId}/Resource/resourcetype/workflow`, {
    headers,
    data: [{ workflowId: made.workflowId, resourceTypes: [types[0]!.typeNumber] }],
  });
  expect(linked.status(), await linked.text()).toBe(200);

  await page.goto('/workflow');
  await page.getByRole('searchbox').fill(u);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);
  // Keyboard only: Tab from the search box to the row's 'cannot archive', Enter opens the reasons.
  const button = page.getByRole('button', { name: `cannot archive ${name}` });
  for (let step = 0; step < 20 && !(await button.evaluate((element) => element === document.activeElement)); step++) await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  const reasons = page.getByRole('dialog', { name: `${name} cannot be archived` });
  await expect(reasons).toContainText(`Resource types ${types[0]!.typeName} of project ${projectName} follow this workflow.`);
  await expectAccessible(page, 'the reasons a workflow cannot be archived');
  const fix = reasons.getByRole('link', { name: `Open ${projectName}’s Resource Workflows Config` });
  for (let step = 0; step < 5 && !(await fix.evaluate((element) => element === document.activeElement)); step++) await page.keyboard.press('Tab');
  await expect(fix).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/view#workflows$`));
  await expect(page.getByRole('tab', { name: 'Resource Workflows Config', selected: true })).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('row', { name: new RegExp(name) })).toContainText(types[0]!.typeName);
});

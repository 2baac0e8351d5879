/**
 * Preservation plans and the per-project resource-type configuration (spec 2 §2–§5, issue 29),
 * in Chromium against the real API: a plan with initial and recurring steps made in the editor
 * (its messages first), a step moved by mouse drag and one by keyboard with the moves announced,
 * saved and read again in its order, its History; then a project's Resource Workflows Config
 * (ADD NEW) copied to another project with one row refused ('… is not in a selected project', the workflow wording) and
 * the rest saved with Continue, and its Resource Preservation Config, whose copy to a project
 * that already has the link says why nothing can be copied. The e2e super
 * administrator holds every role; each test makes its own projects through the API.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './test';
import { keyboardDragListening, stateFile } from './support';
import { asAdmin, makeProject, toast, unique, type Headers } from './data';

test.use({ storageState: stateFile('superAdmin') });

/** The dnd-kit live region's words (the newest announcement). */
const announced = (page: Page, text: string) => page.locator('[id^="DndLiveRegion"]').filter({ hasText: text });

/** The names of a list's steps, in order (once the list is drawn). */
async function stepNames(page: Page, list: string) {
  const inputs = page.getByRole('region', { name: list }).getByRole('textbox', { name: /Step Name/ });
  await expect(inputs.first()).toBeVisible();
  return inputs.evaluateAll((all) => all.map((input) => (input as HTMLInputElement).value));
}

/** A workflow of one phase and item in these projects (its copies share a key), through the API. */
async function makeWorkflow(request: APIRequestContext, headers: Headers, projectIds: number[], name: string) {
  const key = randomUUID();
  const phases = [{ phaseId: randomUUID(), phaseName: 'Check', phaseWeight: 100, items: [{ itemId: randomUUID(), itemName: 'Done', itemWeight: 100 }] }];
  const made = await request.post(`/api/${projectIds[0]}/workflow/bulk`, {
    headers,
    data: projectIds.map((projectId) => ({ workflowId: 0, name, projectId, workflowRelatedKey: key, workflowData: { phases } })),
  });
  expect(made.status(), await made.text()).toBe(200);
  return (await made.json()) as { workflowId: number; projectId: number }[];
}

async function addStep(page: Page, list: string, name: string, interval: string) {
  await page.getByRole('button', { name: `Add New Step to ${list}` }).click();
  const region = page.getByRole('region', { name: list });
  await region
    .getByRole('textbox', { name: /Step Name/ })
    .last()
    .fill(name);
  await region.getByRole('spinbutton', { name: 'Interval' }).last().fill(interval);
}

test('a preservation plan: the editor’s messages, steps reordered by drag and by keyboard, saved, read again, and its History', async ({ page, request }) => {
  const headers = await asAdmin(request);
  const tag = unique();
  const tower = `Preserve Tower ${tag}`;
  const towerId = await makeProject(request, headers, tower);

  await page.goto('/preservations');
  await page.getByRole('link', { name: 'Add Preservation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Preservation' })).toBeVisible();
  await page.getByRole('button', { name: 'Add New Step to Recurring steps' }).click();
  await page.getByRole('region', { name: 'Recurring steps' }).getByRole('spinbutton', { name: 'Interval' }).fill('-1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Preservation Name is required')).toBeVisible();
  await expect(page.getByText('Step Name is required')).toBeVisible();
  await expect(page.getByText('Value less than 0 not allowed')).toBeVisible();
  await expectAccessible(page, 'the preservation editor’s messages');

  await page.getByRole('textbox', { name: /Preservation Name/ }).fill(`Motor upkeep ${tag}`);
  await page
    .getByRole('region', { name: 'Recurring steps' })
    .getByRole('button', { name: /^Delete step/ })
    .click();
  await addStep(page, 'Initial steps', 'Inspect', '0');
  await addStep(page, 'Initial steps', 'Tag out', '0');
  await addStep(page, 'Recurring steps', 'Rotate shaft', '14');
  await addStep(page, 'Recurring steps', 'Grease', '6');
  const filter = page.getByRole('textbox', { name: 'Filter projects' });
  if (await filter.isVisible()) await filter.fill(tower);
  await page.getByRole('checkbox', { name: `${tower} (${towerId})` }).check();

  // A recurring step moved by mouse drag: Grease above Rotate shaft.
  const from = (await page.getByRole('button', { name: 'Move step Grease' }).boundingBox())!;
  const to = (await page.getByRole('button', { name: 'Move step Rotate shaft' }).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y - 12, { steps: 15 });
  await page.mouse.up();
  await expect(announced(page, 'Step Grease moved to position 1 of 2 in Recurring steps.')).toHaveCount(1);
  expect(await stepNames(page, 'Recurring steps')).toEqual(['Grease', 'Rotate shaft']);

  // An initial step moved by keyboard: Space, ArrowDown, Space.
  // Space starts the drag only on the focused handle, and an arrow pressed before the drag has
  // begun is lost (a slow machine showed it): wait for each before the next key.
  const handle = page.getByRole('button', { name: 'Move step Inspect' });
  await handle.focus();
  await expect(handle).toBeFocused();
  await page.keyboard.press('Space');
  // Picked up, it is over its own place at once (the newest announcement).
  await expect(announced(page, 'Step Inspect is over position 1 of 2 in Initial steps.')).toHaveCount(1);
  await keyboardDragListening(page);
  await page.keyboard.press('ArrowDown');
  await expect(announced(page, 'Step Inspect is over position 2 of 2 in Initial steps.')).toHaveCount(1);
  await page.keyboard.press('Space');
  await expect(announced(page, 'Step Inspect moved to position 2 of 2 in Initial steps.')).toHaveCount(1);
  expect(await stepNames(page, 'Initial steps')).toEqual(['Tag out', 'Inspect']);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Preservation successfully added')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/preservation/${towerId}/\\d+/view`));
  await page.reload();
  expect(await stepNames(page, 'Initial steps')).toEqual(['Tag out', 'Inspect']);
  expect(await stepNames(page, 'Recurring steps')).toEqual(['Grease', 'Rotate shaft']);
  await expect(page.getByRole('region', { name: 'Recurring steps' }).getByRole('spinbutton', { name: 'Interval' }).first()).toHaveValue('6');

  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('table', { name: 'History' }).getByRole('row')).not.toHaveCount(1);
  await expectAccessible(page, 'the preservation’s History');

  await page.goto('/preservations');
  await page.getByRole('textbox', { name: 'Filter by project' }).fill(tower);
  await expect(page.getByRole('row', { name: new RegExp(`Motor upkeep ${tag}`) })).toBeVisible();
});

test('a project’s resource-type configuration: ADD NEW, a copy to another project with one row refused, and a preservation’s types', async ({
  page,
  request,
}) => {
  const headers = await asAdmin(request);
  const tag = unique();
  const [north, south] = [`Config North ${tag}`, `Config South ${tag}`];
  const northId = await makeProject(request, headers, north);
  const southId = await makeProject(request, headers, south);
  const [shared] = await makeWorkflow(request, headers, [northId, southId], `Shared flow ${tag}`);
  await makeWorkflow(request, headers, [northId], `North only ${tag}`);
  const types = (await (await request.get('/api/Resource/resourceTypesMetaData', { headers })).json()) as { typeName: string; typeNumber: number }[];
  const [first, second] = types;

  await page.goto(`/projects/${northId}/view#workflows`);
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('No resource type follows a workflow in this project yet.')).toBeVisible();
  for (const [workflow, type] of [
    [`Shared flow ${tag}`, first!],
    [`North only ${tag}`, second!],
  ] as const) {
    await panel.getByRole('button', { name: 'ADD NEW' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Workflow' }).selectOption({ label: workflow });
    await dialog.getByRole('checkbox', { name: `${type.typeName} (${type.typeNumber})` }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Resource types saved.').last()).toBeVisible();
  }
  await expect(panel.getByRole('row', { name: new RegExp(`Shared flow ${tag}`) }).getByText(first!.typeName)).toBeVisible();
  await expectAccessible(page, 'the Resource Workflows Config');

  await panel.getByRole('button', { name: 'Copy to another project' }).click();
  const copy = page.getByRole('dialog', { name: 'Copy to another project' });
  await expect(copy.getByRole('button', { name: 'Save' })).toBeDisabled();
  const filter = copy.getByRole('textbox', { name: 'Filter projects' });
  if (await filter.isVisible()) await filter.fill(south);
  await copy.getByRole('checkbox', { name: `${south} (${southId})` }).check();
  await expect(copy.getByText(`North only ${tag} is not in a selected project`)).toBeVisible();
  await expectAccessible(page, 'the copy with a row refused');
  await copy.getByRole('button', { name: 'Continue' }).click();
  await expect(toast(page, '1 resource type link copied.')).toBeVisible();
  const south_ = (await (await request.post(`/api/${southId}/Resource/resourcetype/workflowIds`, { headers, data: [] })).json()) as {
    workflowId: number;
    resourceTypes: { typeNumber: number }[];
  }[];
  const southCopy = south_.find((row) => row.workflowId !== shared!.workflowId)!;
  expect(southCopy.resourceTypes.map((type) => type.typeNumber)).toEqual([first!.typeNumber]);

  // The preservation tab: without a preservation ADD NEW says why; with one, a type follows it.
  await page.getByRole('tab', { name: 'Resource Preservation Config' }).click();
  await expect(panel.getByText('Add preservations to continue')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'ADD NEW' })).toBeDisabled();
  // The plan in both projects (one key); in South the type already follows it.
  const planKey = randomUUID();
  const plan = await request.post(`/api/${northId}/preservation/bulk`, {
    headers,
    data: [northId, southId].map((projectId) => ({
      name: `Plan ${tag}`,
      projectId,
      preservationRelatedKey: planKey,
      preservationSteps: [{ name: 'Inspect', type: 0 }],
    })),
  });
  expect(plan.status(), await plan.text()).toBe(201);
  const southPlan = ((await plan.json()) as { id: number; projectId: number }[]).find((copy) => copy.projectId === southId)!;
  const linked = await request.post(`/api/${southId}/Resource/resourcetype/preservation`, {
    headers,
    data: { PreservationId: [southPlan.id], ResourceTypes: [first!.typeNumber] },
  });
  expect(linked.status(), await linked.text()).toBe(200);
  await page.reload();
  await panel.getByRole('button', { name: 'ADD NEW' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Preservation' }).selectOption({ label: `Plan ${tag}` });
  await dialog.getByRole('checkbox', { name: `${first!.typeName} (${first!.typeNumber})` }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByRole('row', { name: new RegExp(`Plan ${tag}`) }).getByText(first!.typeName)).toBeVisible();
  await expectAccessible(page, 'the Resource Preservation Config');

  // Copying it to South, where it is already: 'Nothing can be copied.' says why, under South's name.
  await panel.getByRole('button', { name: 'Copy to another project' }).click();
  const copyPlan = page.getByRole('dialog', { name: 'Copy to another project' });
  const planFilter = copyPlan.getByRole('textbox', { name: 'Filter projects' });
  if (await planFilter.isVisible()) await planFilter.fill(south);
  await copyPlan.getByRole('checkbox', { name: `${south} (${southId})` }).check();
  const why = copyPlan.getByRole('alert').filter({ hasText: 'Nothing can be copied.' });
  await expect(why.getByRole('list', { name: `${south} (${southId})` })).toHaveText(`${first!.typeName} already follows Plan ${tag} there.`);
  await expect(copyPlan.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expectAccessible(page, 'a copy with nothing to copy');
  await copyPlan.getByRole('button', { name: 'Cancel' }).click();
});

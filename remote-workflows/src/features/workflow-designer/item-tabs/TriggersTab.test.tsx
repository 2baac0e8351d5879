import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WorkflowMessages as M } from 'contracts/workflows';
import { restoreApi } from 'kit/testing';
import { notify } from 'shared';
import { item, itemOf, openPanel, phase, site, workflow, type Served } from './itemTabs.testing';

const row = (n: number) => screen.getByRole('group', { name: new RegExp(`^Trigger ${n}`) });
const field = (n: number, role: 'textbox' | 'combobox', name: string) => within(row(n)).getByRole(role, { name: new RegExp(`^${name}`) });
const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

const SITES: Served = { sites: { 7: [site(70, 'Yard', [site(71, 'Gate A'), site(72, 'Old gate', [], false)]), site(60, 'Laydown')] } };

async function open(projectIds = [7], initial = workflow()) {
  const panel = openPanel({ initial, selected: 2, projectIds, served: SITES });
  await userEvent.click(screen.getByRole('tab', { name: 'Triggers' }));
  return panel;
}

describe('TriggersTab', () => {
  let success: jest.SpyInstance;
  beforeEach(() => {
    success = jest.spyOn(notify, 'success').mockImplementation(() => '');
  });
  afterEach(() => {
    cleanup();
    jest.restoreAllMocks();
    restoreApi();
  });

  it('names a Geo trigger’s site among the project’s active sites by path, fires on Entering or Leaving, and applies it on Update', async () => {
    const { last, drafts, sent } = await open();
    await userEvent.click(screen.getByRole('button', { name: 'Add trigger' }));
    expect(field(1, 'combobox', 'Type')).toHaveValue('1');
    expect(await within(row(1)).findByRole('option', { name: 'Yard › Gate A' })).toBeInTheDocument();
    expect(sent.map((request) => request.path)).toEqual(['project/7/sites']);
    expect(optionsOf(field(1, 'combobox', 'Site'))).toEqual(['Select an option...', 'Laydown', 'Yard', 'Yard › Gate A']);
    expect(optionsOf(field(1, 'combobox', 'Condition'))).toEqual(['Entering', 'Leaving']);

    await userEvent.type(field(1, 'textbox', 'Name'), 'Gate in');
    await userEvent.type(field(1, 'textbox', 'Description'), 'A truck arrives');
    await userEvent.selectOptions(field(1, 'combobox', 'Site'), 'Yard › Gate A');
    await userEvent.selectOptions(field(1, 'combobox', 'Condition'), 'Leaving');
    // Held in the tab until Update.
    expect(drafts).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Update triggers' }));
    expect(itemOf(last(), 2).triggers).toEqual([{ triggerType: 1, triggerName: 'Gate in', triggerDescription: 'A truck arrives', condition: 2, siteID: 71 }]);
    expect(success).toHaveBeenCalledWith(M.updatedSaveToConfirm);
    expect(screen.getByRole('button', { name: 'Update triggers' })).toBeDisabled();
  });

  it('saves a Tag trigger with siteID 0, firing on TagAssignment or TagUnassignment', async () => {
    const { last } = await open();
    await userEvent.click(screen.getByRole('button', { name: 'Add trigger' }));
    await userEvent.selectOptions(field(1, 'combobox', 'Type'), 'Tag');
    expect(within(row(1)).queryByRole('combobox', { name: /^Site/ })).not.toBeInTheDocument();
    expect(optionsOf(field(1, 'combobox', 'Condition'))).toEqual(['TagAssignment', 'TagUnassignment']);
    await userEvent.selectOptions(field(1, 'combobox', 'Condition'), 'TagUnassignment');
    await userEvent.type(field(1, 'textbox', 'Name'), 'Badge');
    await userEvent.click(screen.getByRole('button', { name: 'Update triggers' }));
    expect(itemOf(last(), 2).triggers).toEqual([{ triggerType: 2, triggerName: 'Badge', triggerDescription: '', condition: 4, siteID: 0 }]);
  });

  it('does not apply a trigger without a name, or a Geo trigger without a site, and says why', async () => {
    const { drafts } = await open();
    await userEvent.click(screen.getByRole('button', { name: 'Add trigger' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update triggers' }));
    expect(field(1, 'textbox', 'Name')).toHaveAccessibleDescription(M.triggerNameRequired);
    expect(field(1, 'combobox', 'Site')).toHaveAccessibleDescription(M.geoTriggerSite);
    expect(drafts).toHaveLength(0);
    expect(success).not.toHaveBeenCalled();
  });

  it('offers Geo only with exactly one project, and says why', async () => {
    await open([7, 8]);
    expect(screen.getByText(M.geoTriggerOneProject)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add trigger' }));
    expect(field(1, 'combobox', 'Type')).toHaveValue('2');
    expect(within(field(1, 'combobox', 'Type')).getByRole('option', { name: 'Geo' })).toBeDisabled();
  });

  it('refuses to apply a Geo trigger while the workflow has several projects', async () => {
    const initial = [
      phase(100, 'Foundations', [
        item(1, 'Excavate'),
        item(2, 'Pour', { triggers: [{ triggerType: 1, triggerName: 'Gate in', triggerDescription: '', condition: 1, siteID: 71 }] }),
      ]),
    ];
    const { drafts } = await open([7, 8], initial);
    expect(screen.getByRole('alert')).toHaveTextContent(M.geoTriggerBlocksProjects);
    expect(optionsOf(field(1, 'combobox', 'Site'))).toEqual(['Select an option...', 'Site 71']);
    await userEvent.type(field(1, 'textbox', 'Name'), ' 2');
    await userEvent.click(screen.getByRole('button', { name: 'Update triggers' }));
    expect(drafts).toHaveLength(0);
  });

  it('removes a trigger and discards held edits', async () => {
    const initial = [
      phase(100, 'Foundations', [
        item(1, 'Excavate'),
        item(2, 'Pour', { triggers: [{ triggerType: 2, triggerName: 'Badge', triggerDescription: '', condition: 3, siteID: 0 }] }),
      ]),
    ];
    const { last } = await open([7], initial);
    await userEvent.click(screen.getByRole('button', { name: 'Remove trigger 1' }));
    expect(screen.getByText('This item has no triggers.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Discard triggers changes' }));
    expect(field(1, 'textbox', 'Name')).toHaveValue('Badge');
    await userEvent.click(screen.getByRole('button', { name: 'Remove trigger 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update triggers' }));
    expect(itemOf(last(), 2).triggers).toEqual([]);
  });

  it('on a refused Update shows every message and moves focus to the first field to fix; a removed trigger takes its messages', async () => {
    const { drafts } = await open();
    await userEvent.click(screen.getByRole('button', { name: 'Add trigger' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add trigger' }));
    await userEvent.type(field(1, 'textbox', 'Name'), 'Gate in');
    await userEvent.click(screen.getByRole('button', { name: 'Update triggers' }));
    expect(drafts).toHaveLength(0);
    // Trigger 1 lacks its site, trigger 2 its name and site: focus goes to the first in order.
    expect(field(1, 'combobox', 'Site')).toHaveFocus();
    expect(field(2, 'textbox', 'Name')).toHaveAccessibleDescription(M.triggerNameRequired);
    await userEvent.click(screen.getByRole('button', { name: 'Remove trigger 1' }));
    expect(field(1, 'textbox', 'Name')).toHaveValue('');
    expect(field(1, 'textbox', 'Name')).toHaveAccessibleDescription(M.triggerNameRequired);
    await userEvent.click(screen.getByRole('button', { name: 'Remove trigger 1' }));
    expect(screen.queryByText(M.triggerNameRequired)).not.toBeInTheDocument();
    expect(screen.queryByText(M.geoTriggerSite)).not.toBeInTheDocument();
  });
});

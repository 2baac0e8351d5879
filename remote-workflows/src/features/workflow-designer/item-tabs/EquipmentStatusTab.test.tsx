import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WorkflowMessages as M } from 'contracts/workflows';
import { restoreApi } from 'kit/testing';
import { notify } from 'shared';
import { item, itemOf, openPanel, phase, workflow, type Served } from './itemTabs.testing';

const row = (n: number) => screen.getByRole('group', { name: `Mapping ${n}` });
const stateOf = (n: number) => within(row(n)).getByRole('combobox', { name: /Item state/ });
const statusOf = (n: number) => within(row(n)).getByRole('combobox', { name: /Equipment status/ });
const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => [o.getAttribute('value'), o.textContent]);
const add = () => screen.getByRole('button', { name: 'Add mapping' });

async function open(projectIds: number[], served: Served, initial = workflow()) {
  const panel = openPanel({ initial, selected: 2, projectIds, served });
  await userEvent.click(screen.getByRole('tab', { name: 'Equipment Status' }));
  return panel;
}

describe('EquipmentStatusTab', () => {
  let success: jest.SpyInstance;
  beforeEach(() => {
    success = jest.spyOn(notify, 'success').mockImplementation(() => '');
  });
  afterEach(() => {
    cleanup();
    jest.restoreAllMocks();
    restoreApi();
  });

  it('offers Unavailable (2), Available (3) and the projects’ custom statuses numbered from 4; at most 2 rows; applied on Update', async () => {
    const { last, drafts, sent } = await open([7, 8], { statuses: { 7: ['Idle', 'Broken'], 8: ['Idle', 'Broken'] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Add mapping', description: '' }));
    expect(sent[0]).toMatchObject({ method: 'POST', path: 'project/CustomEquipmentStatus/get-configs', body: [7, 8] });
    expect(optionsOf(stateOf(1))).toEqual([
      ['0', 'Progress'],
      ['1', 'Reset'],
    ]);
    expect(optionsOf(statusOf(1))).toEqual([
      ['', 'Select an option...'],
      ['2', 'Unavailable'],
      ['3', 'Available'],
      ['4', 'Idle'],
      ['5', 'Broken'],
    ]);
    await userEvent.selectOptions(statusOf(1), 'Broken');
    await userEvent.click(add());
    // The second row takes the other item state.
    expect(stateOf(2)).toHaveValue('1');
    await userEvent.selectOptions(statusOf(2), 'Available');
    expect(add()).toBeDisabled();
    expect(add()).toHaveAccessibleDescription(M.equipmentMappingsMax);

    expect(drafts).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Update equipment statuses' }));
    expect(itemOf(last(), 2).itemStateFromEquipmentStatus).toEqual([
      { progressState: 0, equipmentStatusState: 5 },
      { progressState: 1, equipmentStatusState: 3 },
    ]);
    expect(success).toHaveBeenCalledWith(M.updatedSaveToConfirm);
  });

  it('takes no custom statuses from a project without the config, so its statuses differ from another’s', async () => {
    await open([7, 8], { statuses: { 7: ['Idle'] } });
    expect(await screen.findByText(M.differingEquipmentStatuses)).toBeInTheDocument();
    expect(add()).toBeDisabled();
  });

  it('says item states and statuses must be unique, and a status is needed, and applies nothing until they are', async () => {
    const { drafts } = await open([7], {});
    await userEvent.click(await screen.findByRole('button', { name: 'Add mapping', description: '' }));
    await userEvent.click(add());
    await userEvent.selectOptions(stateOf(2), 'Progress');
    expect(stateOf(1)).toHaveAccessibleDescription(M.itemStateUnique);
    expect(stateOf(2)).toHaveAccessibleDescription(M.itemStateUnique);
    await userEvent.click(screen.getByRole('button', { name: 'Update equipment statuses' }));
    expect(drafts).toHaveLength(0);

    await userEvent.selectOptions(stateOf(2), 'Reset');
    await userEvent.click(screen.getByRole('button', { name: 'Update equipment statuses' }));
    expect(statusOf(1)).toHaveAccessibleDescription(M.statusRequired);
    await userEvent.selectOptions(statusOf(1), 'Unavailable');
    await userEvent.selectOptions(statusOf(2), 'Unavailable');
    expect(statusOf(1)).toHaveAccessibleDescription(M.statusUnique);
    await userEvent.click(screen.getByRole('button', { name: 'Update equipment statuses' }));
    expect(drafts).toHaveLength(0);
    expect(success).not.toHaveBeenCalled();
  });

  it('refuses mappings while the projects’ custom statuses differ, and says so', async () => {
    const initial = [
      phase(100, 'Foundations', [item(1, 'Excavate'), item(2, 'Pour', { itemStateFromEquipmentStatus: [{ progressState: 0, equipmentStatusState: 4 }] })]),
    ];
    const { drafts } = await open([7, 8], { statuses: { 7: ['Idle'], 8: ['Broken'] } }, initial);
    expect(await screen.findByText(M.differingEquipmentStatuses)).toBeInTheDocument();
    expect(add()).toBeDisabled();
    // A saved custom status stays shown by its number.
    expect(statusOf(1)).toHaveDisplayValue('Status 4');
    await userEvent.selectOptions(stateOf(1), 'Reset');
    await userEvent.click(screen.getByRole('button', { name: 'Update equipment statuses' }));
    expect(drafts).toHaveLength(0);
  });
});

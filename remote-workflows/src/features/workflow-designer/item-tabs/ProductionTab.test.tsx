import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WorkflowMessages as M } from 'contracts/workflows';
import { restoreApi } from 'kit/testing';
import { notify } from 'shared';
import { item, itemOf, openPanel, phase } from './itemTabs.testing';

const name = () => screen.getByRole('textbox', { name: /^Name/ });
const quantity = () => screen.getByRole('spinbutton', { name: /^Total quantity/ });
const uom = () => screen.getByRole('textbox', { name: /^UOM/ });
const type = () => screen.getByRole('combobox', { name: /^Production type/ });
const update = () => screen.getByRole('button', { name: 'Update production' });

async function open() {
  const panel = openPanel({ initial: [phase(100, 'Assembly', [item(1, 'Build', { itemType: 3 }), item(2, 'Ship')])], selected: 1 });
  await userEvent.click(screen.getByRole('tab', { name: 'Production' }));
  return panel;
}

describe('ProductionTab', () => {
  let success: jest.SpyInstance;
  beforeEach(() => {
    success = jest.spyOn(notify, 'success').mockImplementation(() => '');
  });
  afterEach(() => {
    cleanup();
    jest.restoreAllMocks();
    restoreApi();
  });

  it('needs a name, a quantity above 0 and a UOM for Default, and applies them on Update', async () => {
    const { last, drafts } = await open();
    expect(type()).toHaveValue('0');
    await userEvent.type(name(), 'x');
    await userEvent.click(update());
    expect(quantity()).toHaveAccessibleDescription(M.quantityPositive);
    expect(uom()).toHaveAccessibleDescription(`Unit of measure ${M.uomRequired}`);
    await userEvent.clear(name());
    expect(name()).toHaveAccessibleDescription(M.productionNameRequired);
    await userEvent.type(quantity(), '0');
    expect(quantity()).toHaveAccessibleDescription(M.quantityPositive);
    expect(drafts).toHaveLength(0);

    await userEvent.type(name(), 'Panels');
    await userEvent.clear(quantity());
    await userEvent.type(quantity(), '12');
    await userEvent.type(uom(), 'ea');
    await userEvent.click(update());
    expect(itemOf(last(), 1).production).toEqual({ name: 'Panels', totalQuantity: 12, uom: 'ea', productionType: 0 });
    expect(success).toHaveBeenCalledWith(M.updatedSaveToConfirm);
  });

  it('disables quantity and UOM for the finished-good types 1 and 2, which need neither', async () => {
    const { last } = await open();
    await userEvent.selectOptions(type(), 'Create IssueTicket For Finished Good Sub Components');
    expect(quantity()).toBeDisabled();
    expect(uom()).toBeDisabled();
    await userEvent.selectOptions(type(), 'Create Receipt For Finished Good(s)');
    expect(quantity()).toBeDisabled();
    expect(uom()).toBeDisabled();
    await userEvent.type(name(), 'Receipt');
    await userEvent.click(update());
    expect(itemOf(last(), 1).production).toMatchObject({ name: 'Receipt', productionType: 2 });
    await userEvent.selectOptions(type(), 'Default');
    expect(quantity()).toBeEnabled();
    expect(uom()).toBeEnabled();
  });
});

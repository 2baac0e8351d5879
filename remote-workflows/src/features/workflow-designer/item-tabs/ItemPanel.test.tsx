import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WorkflowMessages as M } from 'contracts/workflows';
import { restoreApi } from 'kit/testing';
import { hasUnsavedChanges, notify } from 'shared';
import { guid, item, itemOf, openPanel, phase, workflow } from './itemTabs.testing';

const tab = (name: string) => screen.getByRole('tab', { name });
const enabledTabs = () =>
  screen
    .getAllByRole('tab')
    .filter((one) => !(one as HTMLButtonElement).disabled)
    .map((one) => one.textContent);
const typeSelect = () => screen.getByRole('combobox', { name: 'Item type' });

describe('ItemPanel', () => {
  beforeEach(() => {
    jest.spyOn(notify, 'success').mockImplementation(() => '');
  });
  afterEach(() => {
    cleanup();
    jest.restoreAllMocks();
    restoreApi();
  });

  it('names the item, offers the three types (Progress by default) and the seven tabs in the spec’s order', () => {
    openPanel({ initial: workflow(), selected: 2 });
    expect(screen.getByRole('heading', { name: 'Pour' })).toBeInTheDocument();
    expect(
      within(typeSelect())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Incremental', 'Progress', 'Production']);
    expect(typeSelect()).toHaveValue('2');
    expect(screen.getAllByRole('tab').map((one) => one.textContent)).toEqual([
      'Requirements',
      'Conditional',
      'Triggers',
      'Auto-Reset',
      'Auto-Complete',
      'Equipment Status',
      'Production',
    ]);
    expect(tab('Requirements')).toHaveAttribute('aria-selected', 'true');
  });

  it('disables the tabs each type has no use for, and says which', async () => {
    openPanel({ initial: workflow(), selected: 2 });
    expect(enabledTabs()).toEqual(['Requirements', 'Conditional', 'Triggers', 'Auto-Reset', 'Auto-Complete', 'Equipment Status']);
    expect(screen.getByText(M.typeHasNoTabs('Progress', ['Production']))).toBeInTheDocument();

    await userEvent.selectOptions(typeSelect(), 'Incremental');
    expect(enabledTabs()).toEqual(['Requirements', 'Conditional', 'Auto-Reset', 'Auto-Complete']);
    expect(within(tab('Triggers')).getByTitle(M.typeHasNoTabs('Incremental', ['Triggers']))).toBeInTheDocument();

    await userEvent.selectOptions(typeSelect(), 'Production');
    expect(enabledTabs()).toEqual(['Requirements', 'Conditional', 'Production']);
    expect(screen.getByText(M.typeHasNoTabs('Production', ['Triggers', 'Auto-Reset', 'Auto-Complete', 'Equipment Status']))).toBeInTheDocument();
  });

  it('moves between the tabs with the arrow keys, skipping the disabled ones', async () => {
    openPanel({ initial: workflow(), selected: 2 });
    await userEvent.click(tab('Auto-Complete'));
    await userEvent.keyboard('{ArrowRight}');
    expect(tab('Equipment Status')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(tab('Requirements')).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Requirements' })).toBeInTheDocument();
  });

  it('keeps the type while the item has conditions, requirements, triggers or equipment statuses, and says why', async () => {
    const phases = [
      phase(100, 'Foundations', [
        item(1, 'Excavate', { requirements: [{ name: 'Permit', description: '', requirementType: 1, requirmentWeight: 0 }] }),
        item(2, 'Pour'),
      ]),
    ];
    openPanel({ initial: phases, selected: 1 });
    expect(typeSelect()).toBeDisabled();
    expect(typeSelect()).toHaveAccessibleDescription(M.typeChangeBlocked);

    await userEvent.click(screen.getByRole('button', { name: 'Remove requirement 1' }));
    expect(typeSelect()).toBeEnabled();
    expect(typeSelect()).not.toHaveAccessibleDescription();

    // A trigger held in its tab (not yet applied) blocks it too.
    await userEvent.click(tab('Triggers'));
    await userEvent.click(screen.getByRole('button', { name: 'Add trigger' }));
    expect(typeSelect()).toBeDisabled();
  });

  it('empties what the new type’s disabled tabs held, and says so', async () => {
    const phases = [
      phase(100, 'Foundations', [
        item(1, 'Excavate'),
        item(2, 'Pour', { reset: [{ phaseId: guid(100), itemId: guid(1) }], complete: [{ phaseId: guid(100), itemId: guid(1) }] }),
      ]),
    ];
    const { last } = openPanel({ initial: phases, selected: 2 });
    await userEvent.selectOptions(typeSelect(), 'Production');
    const pour = itemOf(last(), 2);
    expect(pour.itemType).toBe(3);
    expect(pour.reset).toEqual([]);
    expect(pour.complete).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent(M.typeChangeCleared('Production', ['Auto-Reset', 'Auto-Complete']));

    // Back to Progress: the production it was given goes.
    await userEvent.click(tab('Production'));
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Slab');
    await userEvent.type(screen.getByRole('spinbutton', { name: /Total quantity/ }), '3');
    await userEvent.type(screen.getByRole('textbox', { name: /^UOM/ }), 'm3');
    await userEvent.click(screen.getByRole('button', { name: 'Update production' }));
    expect(itemOf(last(), 2).production).toMatchObject({ name: 'Slab', totalQuantity: 3, uom: 'm3', productionType: 0 });
    await userEvent.selectOptions(typeSelect(), 'Progress');
    expect(itemOf(last(), 2).production).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(M.typeChangeCleared('Progress', ['Production']));
  });

  it('holds a tab’s edits across tab and item switches, counting them as unsaved until applied or discarded', async () => {
    openPanel({ initial: workflow(), selected: 2 });
    await userEvent.click(tab('Triggers'));
    await userEvent.click(screen.getByRole('button', { name: 'Add trigger' }));
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Gate');
    expect(hasUnsavedChanges()).toBe(true);

    // Another tab and another item, without a question; the edits are still there on return.
    await userEvent.click(tab('Requirements'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Select Erect' }));
    expect(screen.getByRole('heading', { name: 'Erect' })).toBeInTheDocument();
    await userEvent.click(tab('Triggers'));
    expect(screen.getByText('This item has no triggers.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Select Pour' }));
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Gate');

    await userEvent.click(screen.getByRole('button', { name: 'Discard triggers changes' }));
    expect(screen.getByText('This item has no triggers.')).toBeInTheDocument();
    await waitFor(() => expect(hasUnsavedChanges()).toBe(false));
  });

  it('inside the designer’s HeldEditsProvider, keeps held edits while the panel is closed or drawn anew for another item', async () => {
    openPanel({ initial: workflow(), selected: 2, asPage: true });
    await userEvent.click(tab('Equipment Status'));
    await userEvent.click(await screen.findByRole('button', { name: 'Add mapping' }));
    expect(hasUnsavedChanges()).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Close the item' }));
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(hasUnsavedChanges()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Select Erect' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select Pour' }));
    await userEvent.click(tab('Equipment Status'));
    expect(screen.getByRole('group', { name: 'Mapping 1' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Discard equipment statuses changes' }));
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('shows everything and lets nothing change when read-only', async () => {
    const phases = [
      phase(100, 'Foundations', [
        item(1, 'Excavate', { requirements: [{ name: 'Permit', description: 'Signed', requirementType: 6, requirmentWeight: 5, IsPropertyEditable: true }] }),
        item(2, 'Pour'),
      ]),
    ];
    openPanel({ initial: phases, selected: 1, readOnly: true });
    expect(typeSelect()).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Permit');
    expect(screen.getByRole('textbox', { name: /^Name/ })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Property is editable' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Add|Remove/ })).not.toBeInTheDocument();
    await userEvent.click(tab('Auto-Reset'));
    expect(screen.getAllByRole('checkbox').every((box) => (box as HTMLInputElement).disabled)).toBe(true);
  });
});

import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WorkflowMessages as M } from 'contracts/workflows';
import { restoreApi } from 'kit/testing';
import { itemOf, openPanel, workflow } from './itemTabs.testing';

const row = (n: number) => screen.getByRole('group', { name: new RegExp(`^Requirement ${n}`) });

describe('RequirementsTab', () => {
  afterEach(() => {
    cleanup();
    restoreApi();
  });

  it('adds a requirement into the draft as it is typed: name, description, type and weight (0 by default)', async () => {
    const { last } = openPanel({ initial: workflow(), selected: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Add requirement' }));
    expect(itemOf(last(), 1).requirements).toEqual([{ name: '', description: '', requirementType: 0, requirmentWeight: 0 }]);
    const one = row(1);
    expect(within(one).getByRole('combobox', { name: /Type/ })).toHaveValue('');
    expect(
      within(within(one).getByRole('combobox', { name: /Type/ }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select an option...', 'Document', 'Digital Signature', 'Yes/No', 'Property', 'Comment']);

    await userEvent.type(within(one).getByRole('textbox', { name: /Name/ }), 'Permit');
    await userEvent.type(within(one).getByRole('textbox', { name: /Description/ }), 'Signed by the engineer');
    await userEvent.selectOptions(within(one).getByRole('combobox', { name: /Type/ }), 'Digital Signature');
    await userEvent.clear(within(one).getByRole('spinbutton', { name: /Weight/ }));
    await userEvent.type(within(one).getByRole('spinbutton', { name: /Weight/ }), '25');
    expect(itemOf(last(), 1).requirements).toEqual([{ name: 'Permit', description: 'Signed by the engineer', requirementType: 2, requirmentWeight: 25 }]);
    expect(row(1)).toHaveAccessibleName('Requirement 1: Permit');
  });

  it('says a requirement needs a name and a type once the field is left', async () => {
    openPanel({ initial: workflow(), selected: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Add requirement' }));
    const name = within(row(1)).getByRole('textbox', { name: /Name/ });
    const type = within(row(1)).getByRole('combobox', { name: /Type/ });
    expect(name).not.toHaveAccessibleDescription();
    await userEvent.click(name);
    await userEvent.click(type);
    await userEvent.tab();
    expect(name).toHaveAccessibleDescription(M.requirementNameRequired);
    expect(type).toHaveAccessibleDescription(M.requirementType);
    await userEvent.type(name, 'Permit');
    await userEvent.selectOptions(type, 'Comment');
    expect(name).not.toHaveAccessibleDescription();
    expect(type).not.toHaveAccessibleDescription();
  });

  it('offers “Property is editable” only for a Property requirement, and drops it when the type changes', async () => {
    const { last } = openPanel({ initial: workflow(), selected: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Add requirement' }));
    await userEvent.selectOptions(within(row(1)).getByRole('combobox', { name: /Type/ }), 'Yes/No');
    expect(screen.queryByRole('checkbox', { name: 'Property is editable' })).not.toBeInTheDocument();
    await userEvent.selectOptions(within(row(1)).getByRole('combobox', { name: /Type/ }), 'Property');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Property is editable' }));
    expect(itemOf(last(), 1).requirements[0]).toMatchObject({ requirementType: 6, IsPropertyEditable: true });
    await userEvent.selectOptions(within(row(1)).getByRole('combobox', { name: /Type/ }), 'Document');
    expect(itemOf(last(), 1).requirements[0]).not.toHaveProperty('IsPropertyEditable');
  });

  it('removes a requirement', async () => {
    const { last } = openPanel({ initial: workflow(), selected: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Add requirement' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add requirement' }));
    await userEvent.type(within(row(2)).getByRole('textbox', { name: /Name/ }), 'Photo');
    await userEvent.click(screen.getByRole('button', { name: 'Remove requirement 1' }));
    expect(itemOf(last(), 1).requirements.map((r) => r.name)).toEqual(['Photo']);
  });

  it('keeps a message on its requirement when one above is removed, and a removed requirement takes its messages', async () => {
    openPanel({ initial: workflow(), selected: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Add requirement' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add requirement' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add requirement' }));
    await userEvent.type(within(row(1)).getByRole('textbox', { name: /Name/ }), 'Permit');
    await userEvent.type(within(row(2)).getByRole('textbox', { name: /Name/ }), 'Photo');
    // Left blank: the third says so once left.
    await userEvent.click(within(row(3)).getByRole('textbox', { name: /Name/ }));
    await userEvent.tab();
    expect(within(row(3)).getByRole('textbox', { name: /Name/ })).toHaveAccessibleDescription(M.requirementNameRequired);
    await userEvent.click(screen.getByRole('button', { name: 'Remove requirement 1' }));
    expect(within(row(1)).getByRole('textbox', { name: /Name/ })).toHaveValue('Photo');
    expect(within(row(1)).getByRole('textbox', { name: /Name/ })).not.toHaveAccessibleDescription();
    expect(within(row(2)).getByRole('textbox', { name: /Name/ })).toHaveAccessibleDescription(M.requirementNameRequired);
    await userEvent.click(screen.getByRole('button', { name: 'Remove requirement 2' }));
    expect(screen.queryByText(M.requirementNameRequired)).not.toBeInTheDocument();
  });
});

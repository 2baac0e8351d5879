import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WorkflowMessages as M } from 'contracts/workflows';
import { restoreApi } from 'kit/testing';
import { hasUnsavedChanges } from 'shared';
import { guid, item, itemOf, openPanel, phase, refOf, workflow } from './itemTabs.testing';

const row = (n: number) => screen.getByRole('group', { name: new RegExp(`^Condition ${n}`) });
const nameOf = (n: number) => within(row(n)).getByRole('textbox', { name: /Name/ });
const targetOf = (n: number) => within(row(n)).getByRole('combobox', { name: /Target item/ });
const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

async function open(initial = workflow(), selected = 2) {
  const panel = openPanel({ initial, selected });
  await userEvent.click(screen.getByRole('tab', { name: 'Conditional' }));
  return panel;
}

describe('ConditionalTab', () => {
  afterEach(() => {
    cleanup();
    restoreApi();
  });

  it('offers every item but this one and those the other rows use, as phase › item', async () => {
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    expect(optionsOf(targetOf(1))).toEqual(['Select an option...', 'Foundations › Excavate', 'Frame › Erect', 'Frame › Inspect']);
    await userEvent.selectOptions(targetOf(1), 'Frame › Erect');
    await userEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    expect(optionsOf(targetOf(2))).toEqual(['Select an option...', 'Foundations › Excavate', 'Frame › Inspect']);
    expect(optionsOf(targetOf(1))).toEqual(['Select an option...', 'Foundations › Excavate', 'Frame › Erect', 'Frame › Inspect']);
  });

  it('reaches the item only with at least 2 complete entries, saying why until then', async () => {
    const { last, drafts } = await open();
    await userEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    await userEvent.type(nameOf(1), 'Dug');
    await userEvent.selectOptions(targetOf(1), 'Foundations › Excavate');
    expect(screen.getByRole('alert')).toHaveTextContent(M.conditionalVisibilityTwo);
    expect(screen.getByText(M.conditionalHeld)).toBeInTheDocument();
    expect(drafts).toHaveLength(0);
    expect(hasUnsavedChanges()).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    await userEvent.type(nameOf(2), 'Framed');
    expect(drafts).toHaveLength(0);
    await userEvent.selectOptions(targetOf(2), 'Frame › Erect');
    expect(itemOf(last(), 2).conditionalVisibility).toEqual([
      { name: 'Dug', ...refOf(last(), 1) },
      { name: 'Framed', ...refOf(last(), 3) },
    ]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('asks for a name and a target, and for unique names', async () => {
    const { drafts, last } = await open();
    await userEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    await userEvent.click(nameOf(1));
    await userEvent.click(targetOf(1));
    await userEvent.tab();
    expect(nameOf(1)).toHaveAccessibleDescription(M.conditionNameRequired);
    expect(targetOf(1)).toHaveAccessibleDescription(M.conditionTargetRequired);

    await userEvent.type(nameOf(1), 'Ready');
    await userEvent.selectOptions(targetOf(1), 'Foundations › Excavate');
    await userEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    // Names compare trimmed and in any case (common/names.ts).
    await userEvent.type(nameOf(2), 'READY');
    await userEvent.selectOptions(targetOf(2), 'Frame › Erect');
    expect(nameOf(1)).toHaveAccessibleDescription(M.conditionNameUnique);
    expect(nameOf(2)).toHaveAccessibleDescription(M.conditionNameUnique);
    expect(drafts).toHaveLength(0);

    await userEvent.type(nameOf(2), ' too');
    expect(nameOf(2)).not.toHaveAccessibleDescription();
    expect(
      last()
        .flatMap((p) => p.items)[1]!
        .conditionalVisibility.map((entry) => entry.name),
    ).toEqual(['Ready', 'READY too']);
  });

  it('removing down to one entry keeps the item’s list until it is complete again; removing all empties it', async () => {
    const initial = [
      phase(100, 'Foundations', [
        item(1, 'Excavate'),
        item(2, 'Pour', {
          conditionalVisibility: [
            { name: 'Dug', phaseId: guid(100), itemId: guid(1) },
            { name: 'Framed', phaseId: guid(200), itemId: guid(3) },
          ],
        }),
      ]),
      phase(200, 'Frame', [item(3, 'Erect')]),
    ];
    const { last, drafts } = await open(initial);
    await userEvent.click(screen.getByRole('button', { name: 'Remove condition 2' }));
    expect(drafts).toHaveLength(0);
    expect(screen.getByRole('alert')).toHaveTextContent(M.conditionalVisibilityTwo);
    await userEvent.click(screen.getByRole('button', { name: 'Remove condition 1' }));
    expect(itemOf(last(), 2).conditionalVisibility).toEqual([]);
    expect(screen.getByText('This item is always visible: it has no conditions.')).toBeInTheDocument();
  });
});

import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { restoreApi } from 'kit/testing';
import { guid, item, itemOf, openPanel, phase, refOf } from './itemTabs.testing';

/** Five items; Survey has a requirement and Pour conditions, so “All previous” skips them. */
const phases = () => [
  phase(100, 'Foundations', [
    item(1, 'Survey', { requirements: [{ name: 'Permit', description: '', requirementType: 1, requirmentWeight: 0 }] }),
    item(2, 'Excavate'),
    item(3, 'Pour', {
      conditionalVisibility: [
        { name: 'Dug', phaseId: guid(100), itemId: guid(2) },
        { name: 'Surveyed', phaseId: guid(100), itemId: guid(1) },
      ],
    }),
  ]),
  phase(200, 'Frame', [item(4, 'Erect'), item(5, 'Inspect'), item(6, 'Hand over')]),
];

async function open(selected: number) {
  const panel = openPanel({ initial: phases(), selected });
  await userEvent.click(screen.getByRole('tab', { name: 'Auto-Complete' }));
  return panel;
}

describe('AutoCompleteTab', () => {
  afterEach(() => {
    cleanup();
    restoreApi();
  });

  it('“All previous” adds every earlier item with no requirements and no conditions, keeping what was chosen', async () => {
    const { last } = await open(5);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Frame › Hand over' }));
    await userEvent.click(screen.getByRole('button', { name: 'All previous' }));
    expect(itemOf(last(), 5).complete).toEqual([refOf(last(), 2), refOf(last(), 4), refOf(last(), 6)]);
    expect(screen.getByRole('checkbox', { name: 'Foundations › Survey' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Foundations › Pour' })).not.toBeChecked();
    // Nothing left to add.
    expect(screen.getByRole('button', { name: 'All previous' })).toBeDisabled();
  });

  it('offers every other item, and has nothing to add for the first', async () => {
    const { last } = await open(1);
    expect(screen.getByRole('button', { name: 'All previous' })).toBeDisabled();
    expect(screen.queryByRole('checkbox', { name: 'Foundations › Survey' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Frame › Inspect' }));
    expect(itemOf(last(), 1).complete).toEqual([refOf(last(), 5)]);
  });
});

import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { restoreApi } from 'kit/testing';
import { itemOf, openPanel, refOf, workflow } from './itemTabs.testing';

const box = (name: string) => screen.getByRole('checkbox', { name });

async function open(selected: number) {
  const panel = openPanel({ initial: workflow(), selected });
  await userEvent.click(screen.getByRole('tab', { name: 'Auto-Reset' }));
  return panel;
}

describe('AutoResetTab', () => {
  afterEach(() => {
    cleanup();
    restoreApi();
  });

  it('disables “All before” for the first item and “All after” for the last', async () => {
    await open(1);
    expect(box('All before')).toBeDisabled();
    expect(box('All after')).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Select Inspect' }));
    expect(box('All before')).toBeEnabled();
    expect(box('All after')).toBeDisabled();
  });

  it('offers the other items by phase, and ticks or clears every earlier or later item at once, in workflow order', async () => {
    const { last } = await open(2);
    expect(screen.queryByRole('checkbox', { name: 'Foundations › Pour' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Frame' })).toBeInTheDocument();

    await userEvent.click(box('Frame › Inspect'));
    expect(itemOf(last(), 2).reset).toEqual([refOf(last(), 4)]);
    expect(box('All after')).not.toBeChecked();
    await userEvent.click(box('All after'));
    expect(itemOf(last(), 2).reset).toEqual([refOf(last(), 3), refOf(last(), 4)]);
    expect(box('All after')).toBeChecked();
    await userEvent.click(box('All before'));
    expect(itemOf(last(), 2).reset).toEqual([refOf(last(), 1), refOf(last(), 3), refOf(last(), 4)]);

    await userEvent.click(box('All after'));
    expect(itemOf(last(), 2).reset).toEqual([refOf(last(), 1)]);
    await userEvent.click(box('Foundations › Excavate'));
    expect(itemOf(last(), 2).reset).toEqual([]);
    expect(box('All before')).not.toBeChecked();
  });
});

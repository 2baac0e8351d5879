import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { confirmDiscard, hasUnsavedChanges, KernelMessages, useUnsavedChanges } from 'shared';
import { Tabs } from './Tabs';
import { UnsavedChangesDialog } from './UnsavedChangesDialog';

/** An editor with one field: dirty once it differs from 'saved'. */
function Editor() {
  const [value, setValue] = useState('saved');
  useUnsavedChanges(value !== 'saved');
  return <input aria-label="Name" value={value} onChange={(event) => setValue(event.target.value)} />;
}

function Page() {
  return (
    <>
      <Tabs
        tabs={[
          { id: 'details', label: 'Details', content: <Editor /> },
          { id: 'roles', label: 'Roles', content: 'Roles panel' },
        ]}
      />
      <UnsavedChangesDialog />
    </>
  );
}

describe('unsaved changes', () => {
  it('counts an editor while it differs from what was saved, and not once it is gone', async () => {
    const { unmount } = render(<Editor />);
    expect(hasUnsavedChanges()).toBe(false);
    await userEvent.type(screen.getByLabelText('Name'), '!');
    expect(hasUnsavedChanges()).toBe(true);
    await userEvent.type(screen.getByLabelText('Name'), '{Backspace}');
    expect(hasUnsavedChanges()).toBe(false);
    await userEvent.type(screen.getByLabelText('Name'), '!');
    unmount();
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('asks before another tab throws the changes away: Stay keeps them, Discard changes moves on', async () => {
    render(<Page />);
    // Nothing unsaved: the tabs switch without a question.
    await userEvent.click(screen.getByRole('tab', { name: 'Roles' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Roles panel');
    await userEvent.click(screen.getByRole('tab', { name: 'Details' }));

    await userEvent.type(screen.getByLabelText('Name'), ' and changed');
    await userEvent.click(screen.getByRole('tab', { name: 'Roles' }));
    const dialog = await screen.findByRole('dialog', { name: KernelMessages.unsavedTitle });
    expect(dialog).toHaveTextContent(KernelMessages.unsavedQuestion);
    await userEvent.click(screen.getByRole('button', { name: KernelMessages.unsavedStay }));
    expect(screen.getByLabelText('Name')).toHaveValue('saved and changed');
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    // Focus goes back to the tab that asked, not to the page's body.
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Roles' })).toHaveFocus());

    // The arrow keys ask too, and the focus stays on the tab that stays selected.
    screen.getByRole('tab', { name: 'Details' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await userEvent.click(await screen.findByRole('button', { name: KernelMessages.unsavedStay }));
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Roles' })).not.toHaveFocus();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Details' })).toHaveFocus());

    await userEvent.click(screen.getByRole('tab', { name: 'Roles' }));
    await userEvent.click(await screen.findByRole('button', { name: KernelMessages.unsavedDiscard }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Roles panel');
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('switches without asking when the tabs hold nothing of their own (guardUnsaved off)', async () => {
    function Held() {
      useUnsavedChanges(true);
      return null;
    }
    render(
      <>
        <Held />
        <Tabs
          guardUnsaved={false}
          tabs={[
            { id: 'details', label: 'Details', content: 'Details panel' },
            { id: 'roles', label: 'Roles', content: 'Roles panel' },
          ]}
        />
        <UnsavedChangesDialog />
      </>,
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Roles' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Roles panel');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(hasUnsavedChanges()).toBe(true);
  });

  it('goes on by itself when the changes are saved while it asks, and a second question replaces the first', async () => {
    function Probe({ dirty }: { dirty: boolean }) {
      useUnsavedChanges(dirty);
      return <UnsavedChangesDialog />;
    }
    const { rerender } = render(<Probe dirty />);
    const first = confirmDiscard();
    const second = confirmDiscard();
    await expect(first).resolves.toBe(false);
    expect(await screen.findByRole('dialog', { name: KernelMessages.unsavedTitle })).toBeVisible();
    rerender(<Probe dirty={false} />);
    await expect(second).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('answers at once when nothing is unsaved', async () => {
    await expect(confirmDiscard()).resolves.toBe(true);
  });
});

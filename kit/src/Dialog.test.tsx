import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button } from './Button';
import { ConfirmDialog, Dialog } from './Dialog';

/** A page with a control that opens a confirmation, whose action keeps the control busy until `finish`. */
function Opener({ busyAfter = false }: { busyAfter?: boolean }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <div role="tabpanel" aria-label="Panel" tabIndex={0}>
      <Button onClick={() => setOpen(true)} disabled={busy}>
        Auto Reset
      </Button>
      <Button onClick={() => setBusy(false)}>Finish</Button>
      <ConfirmDialog
        open={open}
        title="Reset the password?"
        message="A new password is e-mailed."
        onConfirm={() => {
          setOpen(false);
          setBusy(busyAfter);
        }}
        onCancel={() => setOpen(false)}
      />
    </div>
  );
}

describe('Dialog', () => {
  it('is a labelled, described modal that Escape and the X close', async () => {
    const onOpenChange = jest.fn();
    render(
      <Dialog open onOpenChange={onOpenChange} title="Edit user" description="Change the user's details.">
        <input aria-label="Name" />
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit user' });
    expect(dialog).toHaveAccessibleDescription("Change the user's details.");
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    onOpenChange.mockClear();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
  });

  it('cannot be closed with Escape or the X when undismissible; only its own buttons close it', async () => {
    const onOpenChange = jest.fn();
    render(
      <Dialog open onOpenChange={onOpenChange} dismissible={false} title="API key" footer={<Button onClick={() => onOpenChange(false)}>OK</Button>}>
        Copy the key now: it is not shown again.
      </Dialog>,
    );
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'API key' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('gives focus back to the control that opened it, on Escape, Cancel and done', async () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Auto Reset' });
    for (const close of [
      () => userEvent.keyboard('{Escape}'),
      () => userEvent.click(screen.getByRole('button', { name: 'Cancel' })),
      () => userEvent.click(screen.getByRole('button', { name: 'OK' })),
    ]) {
      await userEvent.click(opener);
      expect(await screen.findByRole('dialog', { name: 'Reset the password?' })).toBeInTheDocument();
      expect(opener).not.toHaveFocus();
      await close();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      await waitFor(() => expect(opener).toHaveFocus());
    }
  });

  it('waits on the nearest focusable container while its opener is busy, then returns to the opener', async () => {
    render(<Opener busyAfter />);
    const opener = screen.getByRole('button', { name: 'Auto Reset' });
    await userEvent.click(opener);
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByRole('tabpanel', { name: 'Panel' })).toHaveFocus());
    expect(opener).toBeDisabled();
    act(() => screen.getByRole('button', { name: 'Finish' }).click());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('renders nothing when closed', () => {
    render(<Dialog open={false} onOpenChange={() => {}} title="Hidden" />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('ConfirmDialog', () => {
  it('asks with OK and Cancel by default', async () => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    render(<ConfirmDialog open title="Delete user" message="Delete user jsmith?" onConfirm={onConfirm} onCancel={onCancel} />);
    expect(screen.getByRole('dialog', { name: 'Delete user' })).toHaveAccessibleDescription('Delete user jsmith?');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('cannot be cancelled while busy', async () => {
    const onCancel = jest.fn();
    render(<ConfirmDialog open busy title="Delete" message="Sure?" confirmLabel="Delete" variant="danger" onConfirm={() => {}} onCancel={onCancel} />);
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });
});

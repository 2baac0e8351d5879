import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { notify, Toaster, TOAST_OTHER_MS } from './toast';

describe('notify with an action', () => {
  afterEach(() => jest.restoreAllMocks());

  it('offers the action as a button on the toast, which runs it once pressed', async () => {
    render(<Toaster />);
    const undo = jest.fn();
    act(() => {
      notify.success('jsmith deactivated.', { action: { label: 'Undo', onClick: undo } });
    });
    expect(await screen.findByText('jsmith deactivated.')).toBeInTheDocument();
    // A click (jsdom has no pointer capture, which sonner's swipe asks of a pointer press).
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledTimes(1);
  });

  it('keeps a toast with an action 7 s, long enough to reach its button; one without stays 3 s', async () => {
    render(<Toaster />);
    const success = jest.spyOn(toast, 'success');
    const onClick = () => {};
    act(() => {
      notify.success('Saved');
      notify.success('Deactivated', { action: { label: 'Undo', onClick } });
    });
    await waitFor(() => expect(success).toHaveBeenCalledTimes(2));
    expect(success).toHaveBeenNthCalledWith(1, 'Saved', { duration: 3000, id: expect.any(String) });
    expect(success).toHaveBeenNthCalledWith(2, 'Deactivated', { duration: TOAST_OTHER_MS, id: expect.any(String), action: { label: 'Undo', onClick } });
  });
});

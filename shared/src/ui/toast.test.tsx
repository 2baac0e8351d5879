import { act, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { notify, Toaster, TOAST_OTHER_MS, TOAST_SUCCESS_MS } from './toast';

describe('notify', () => {
  afterEach(() => jest.restoreAllMocks());

  it('keeps successes 3 s and other messages 7 s', () => {
    const success = jest.spyOn(toast, 'success');
    const error = jest.spyOn(toast, 'error');
    const warning = jest.spyOn(toast, 'warning');
    const info = jest.spyOn(toast, 'info');
    notify.success('Saved');
    notify.error('Failed');
    notify.warning('Careful');
    notify.info('FYI');
    expect(TOAST_SUCCESS_MS).toBe(3000);
    expect(TOAST_OTHER_MS).toBe(7000);
    expect(success).toHaveBeenCalledWith('Saved', { duration: 3000 });
    expect(error).toHaveBeenCalledWith('Failed', { duration: 7000 });
    expect(warning).toHaveBeenCalledWith('Careful', { duration: 7000 });
    expect(info).toHaveBeenCalledWith('FYI', { duration: 7000 });
  });

  it('keeps a persistent warning until dismissed by its id', () => {
    const warning = jest.spyOn(toast, 'warning');
    const dismiss = jest.spyOn(toast, 'dismiss');
    const id = notify.persistentWarning('There is a new version of the product available', 'new-version');
    expect(id).toBe('new-version');
    expect(warning).toHaveBeenCalledWith('There is a new version of the product available', { duration: Infinity, id: 'new-version' });
    notify.dismiss(id);
    expect(dismiss).toHaveBeenCalledWith('new-version');
  });

  it('shows messages in the Toaster', async () => {
    render(<Toaster />);
    act(() => {
      notify.success('Updated license');
    });
    expect(await screen.findByText('Updated license')).toBeInTheDocument();
  });
});

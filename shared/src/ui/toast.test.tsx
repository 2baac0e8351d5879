import { act, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { notify, Toaster, TOAST_OTHER_MS, TOAST_SUCCESS_MS } from './toast';

describe('notify', () => {
  afterEach(() => jest.restoreAllMocks());

  // First: the module's outlet is not wanted yet.
  it('renders nothing until a toast is wanted; one sent before the outlet loaded shows once it has', async () => {
    const { container } = render(<Toaster />);
    expect(container).toBeEmptyDOMElement();
    act(() => {
      notify.success('Updated license');
    });
    expect(await screen.findByText('Updated license')).toBeInTheDocument();
  });

  it('keeps successes 3 s and other messages 7 s', async () => {
    render(<Toaster />);
    const success = jest.spyOn(toast, 'success');
    const error = jest.spyOn(toast, 'error');
    const warning = jest.spyOn(toast, 'warning');
    const info = jest.spyOn(toast, 'info');
    act(() => {
      notify.success('Saved');
      notify.error('Failed');
      notify.warning('Careful');
      notify.info('FYI');
    });
    expect(TOAST_SUCCESS_MS).toBe(3000);
    expect(TOAST_OTHER_MS).toBe(7000);
    await waitFor(() => expect(info).toHaveBeenCalled());
    expect(success).toHaveBeenCalledWith('Saved', { duration: 3000, id: expect.any(String) });
    expect(error).toHaveBeenCalledWith('Failed', { duration: 7000, id: expect.any(String) });
    expect(warning).toHaveBeenCalledWith('Careful', { duration: 7000, id: expect.any(String) });
    expect(info).toHaveBeenCalledWith('FYI', { duration: 7000, id: expect.any(String) });
  });

  it('keeps a persistent warning until dismissed by its id', async () => {
    render(<Toaster />);
    const warning = jest.spyOn(toast, 'warning');
    const dismiss = jest.spyOn(toast, 'dismiss');
    let id: string | number = '';
    act(() => {
      id = notify.persistentWarning('There is a new version of the product available', 'new-version');
    });
    expect(id).toBe('new-version');
    await waitFor(() => expect(warning).toHaveBeenCalledWith('There is a new version of the product available', { duration: Infinity, id: 'new-version' }));
    act(() => notify.dismiss(id));
    expect(dismiss).toHaveBeenCalledWith('new-version');
  });

  it('lays toasts out one above the other, none hiding another', async () => {
    render(<Toaster />);
    act(() => {
      notify.success('API key successfully added.');
      notify.success('Copied to clipboard!');
    });
    const first = (await screen.findByText('API key successfully added.')).closest('[data-sonner-toast]');
    const second = (await screen.findByText('Copied to clipboard!')).closest('[data-sonner-toast]');
    await waitFor(() => expect(first).toHaveAttribute('data-expanded', 'true'));
    expect(second).toHaveAttribute('data-expanded', 'true');
  });

  it('gives every toast its own id at once, so it can be dismissed before it shows', () => {
    const first = notify.info('One');
    const second = notify.info('Two');
    expect(first).not.toBe(second);
  });
});

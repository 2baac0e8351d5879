import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ApiError } from '../api/client';
import { notify } from '../ui/toast';
import { useNotifyingMutation } from './useNotifyingMutation';

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, wrapper };
}

describe('useNotifyingMutation', () => {
  let success: jest.SpyInstance, error: jest.SpyInstance, warning: jest.SpyInstance;
  beforeEach(() => {
    success = jest.spyOn(notify, 'success').mockReturnValue(1);
    error = jest.spyOn(notify, 'error').mockReturnValue(1);
    warning = jest.spyOn(notify, 'warning').mockReturnValue(1);
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows the success text and refetches the queries under the invalidated prefix only', async () => {
    const { wrapper } = setup();
    let users = 0;
    let licenses = 0;
    const { result } = renderHook(
      () => ({
        users: useQuery({ queryKey: ['identity', 'users', 'list', { page: 0 }], queryFn: () => ++users }),
        licenses: useQuery({ queryKey: ['licensing', 'licenses', 'list'], queryFn: () => ++licenses }),
        save: useNotifyingMutation({
          mutationFn: async (name: string) => name,
          invalidates: [['identity', 'users']],
          success: 'User Updated',
          failure: 'Failed to update user.',
        }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.users.data).toBe(1));
    await act(() => result.current.save.mutateAsync('ann'));
    await waitFor(() => expect(result.current.users.data).toBe(2));
    expect(result.current.licenses.data).toBe(1);
    expect(success).toHaveBeenCalledWith('User Updated');
    expect(error).not.toHaveBeenCalled();
  });

  it('toasts only once the screen shows the saved state, not merely the cache', async () => {
    const { wrapper } = setup();
    let users = 0;
    let seenAtToast: number | undefined;
    const { result } = renderHook(
      () => ({
        users: useQuery({ queryKey: ['identity', 'users', 'list'], queryFn: async () => (await new Promise((r) => setTimeout(r, 30)), ++users) }),
        save: useNotifyingMutation({
          mutationFn: async (name: string) => name,
          invalidates: [['identity', 'users']],
          success: 'User Updated',
          failure: 'Failed to update user.',
        }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.users.data).toBe(1));
    // What the component has drawn when the toast comes: an edit begun on the toast must not
    // be wiped by the fresh data arriving a moment later (editors start again from it).
    success.mockImplementation(() => ((seenAtToast = result.current.users.data), 1));
    await act(() => result.current.save.mutateAsync('ann'));
    expect(seenAtToast).toBe(2);
  });

  it('leaves a failure the form shows itself to the form, and toasts the others', async () => {
    const { wrapper } = setup();
    const seen: number[] = [];
    const { result } = renderHook(
      () =>
        useNotifyingMutation({
          mutationFn: async (status: number) => {
            throw new ApiError(status, status === 409 ? 'User Group Name already exists.' : 'Nope.', {}, 'userGroup/create');
          },
          failure: 'Failed to create the user group.',
          shownByForm: (e) => e instanceof ApiError && e.status === 409,
          onError: (e) => void seen.push((e as ApiError).status),
        }),
      { wrapper },
    );
    await act(() => result.current.mutateAsync(409).catch(() => undefined));
    await act(() => result.current.mutateAsync(400).catch(() => undefined));
    expect(error.mock.calls).toEqual([['Nope.']]);
    expect(seen).toEqual([409, 400]);
  });

  it('shows the server text of a failure, else the fixed message', async () => {
    const { wrapper } = setup();
    const { result } = renderHook(
      () =>
        useNotifyingMutation({
          mutationFn: async (withText: boolean) => {
            throw new ApiError(400, withText ? 'User Name already exists.' : undefined, {}, 'users/ann');
          },
          success: 'User Created',
          failure: 'Failed to create user.',
        }),
      { wrapper },
    );
    await act(() => result.current.mutateAsync(true).catch(() => undefined));
    await act(() => result.current.mutateAsync(false).catch(() => undefined));
    expect(error.mock.calls).toEqual([['User Name already exists.'], ['Failed to create user.']]);
    expect(success).not.toHaveBeenCalled();
  });

  it('shows a warning reply as a warning instead of the success', async () => {
    const { wrapper } = setup();
    const { result } = renderHook(
      () =>
        useNotifyingMutation({
          mutationFn: async () => ({ status: 210, body: { Message: 'Product licenses not added' } }),
          warningOf: (reply) => (reply.status === 210 ? reply.body.Message : undefined),
          success: 'Saved',
          failure: 'Failed.',
        }),
      { wrapper },
    );
    await act(() => result.current.mutateAsync());
    expect(warning).toHaveBeenCalledWith('Product licenses not added');
    expect(success).not.toHaveBeenCalled();
  });

  it('draws an optimistic change at once, takes it back when the call fails, and only marks the list stale', async () => {
    const { client, wrapper } = setup();
    let reads = 0;
    const key = ['identity', 'apikeys', 'list'];
    const { result } = renderHook(
      () => ({
        list: useQuery({ queryKey: key, queryFn: () => (++reads, { active: false }) }),
        toggle: useNotifyingMutation({
          mutationFn: async (active: boolean) => {
            // The badge shows the change while the call runs.
            expect(client.getQueryData(key)).toEqual({ active });
            if (active) throw new ApiError(403, 'Forbidden.', { Message: 'Forbidden.' }, 'apikeys/1');
            return active;
          },
          marksStale: [key],
          optimistic: { apply: (active) => client.setQueryData(key, { active }), revert: (active) => client.setQueryData(key, { active: !active }) },
          success: 'Saved.',
          successAction: () => ({ label: 'Undo', onClick: () => undefined }),
          failure: 'Failed.',
        }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.data).toEqual({ active: false }));
    await act(() => result.current.toggle.mutateAsync(true).catch(() => undefined));
    expect(result.current.list.data).toEqual({ active: false });
    expect(error).toHaveBeenCalledWith('Forbidden.');
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);

    await act(() => result.current.toggle.mutateAsync(false));
    expect(success).toHaveBeenCalledWith('Saved.', { action: expect.objectContaining({ label: 'Undo' }) });
    // Marked stale, not read again while the screen shows it.
    expect(reads).toBe(1);
  });
});

/**
 * The one mutation pattern (STYLE.md): a call, the query prefixes it makes stale, and the
 * spec's toasts — the success text for 3 s; a failure for 7 s with the server's body text
 * when it has one, otherwise the screen's fixed message; a 210-style warning reply as a
 * warning toast instead of the success. A change drawn at once (a list's badge) is `optimistic`:
 * applied before the call, taken back when it fails; its success toast may offer an action (Undo).
 */
import { notifyManager, useMutation, useQueryClient, type QueryKey, type UseMutationResult } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../api/client';
import { notify } from '../ui/toast';

type Text<TData, TVars> = string | ((data: TData, vars: TVars) => string | undefined);

export interface NotifyingMutationOptions<TData, TVars> {
  mutationFn(vars: TVars): Promise<TData>;
  /** Query-key prefixes to refetch after a success (e.g. `userKeys.all`). */
  invalidates?: readonly QueryKey[] | ((data: TData, vars: TVars) => readonly QueryKey[]);
  /**
   * Query-key prefixes only marked stale after the call, success or failure: read afresh on the
   * next visit, not now (a list keeps the row just changed in sight, with its Undo).
   */
  marksStale?: readonly QueryKey[];
  /**
   * Draws the change before the call (`apply`, after the `marksStale` queries' fetches are
   * cancelled) and takes it back when the call fails (`revert`), before the failure's toast.
   */
  optimistic?: { apply(vars: TVars): void; revert(vars: TVars): void };
  /** An action the success toast offers (Undo), if any. */
  successAction?(data: TData, vars: TVars): { label: string; onClick(): void } | undefined;
  /** The spec's success toast, if the screen has one. */
  success?: Text<TData, TVars>;
  /** The spec's fixed failure text, shown when the server sends no message. */
  failure: string;
  /** A warning the reply carries (a 210 answer): shown instead of the success toast. */
  warningOf?(data: TData): string | undefined;
  onSuccess?(data: TData, vars: TVars): void;
  onError?(error: unknown, vars: TVars): void;
  /** A failure the screen shows itself, next to a field (a 409 for a taken name): no toast for it. */
  shownByForm?(error: unknown): boolean;
}

export function useNotifyingMutation<TData, TVars = void>(options: NotifyingMutationOptions<TData, TVars>): UseMutationResult<TData, unknown, TVars> {
  const client = useQueryClient();
  const markStale = () => Promise.all((options.marksStale ?? []).map((queryKey) => client.invalidateQueries({ queryKey, refetchType: 'none' })));
  return useMutation<TData, unknown, TVars>({
    mutationFn: options.mutationFn,
    async onMutate(vars) {
      if (!options.optimistic) return;
      await Promise.all((options.marksStale ?? []).map((queryKey) => client.cancelQueries({ queryKey })));
      options.optimistic.apply(vars);
    },
    async onSuccess(data, vars) {
      options.onSuccess?.(data, vars);
      const keys = typeof options.invalidates === 'function' ? options.invalidates(data, vars) : (options.invalidates ?? []);
      await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
      // The cache holds the saved state now, but TanStack tells the components in a batch a
      // task later: wait for that batch (React draws it at once), so the toast comes once the
      // screen shows the saved state and an edit begun on the toast is not lost when an editor
      // starts again from the fresh data.
      await new Promise<void>((resolve) => notifyManager.schedule(resolve));
      const warning = options.warningOf?.(data);
      const success = typeof options.success === 'function' ? options.success(data, vars) : options.success;
      const action = options.successAction?.(data, vars);
      if (warning) notify.warning(warning);
      else if (success && action) notify.success(success, { action });
      else if (success) notify.success(success);
    },
    onError(error, vars) {
      options.optimistic?.revert(vars);
      if (!options.shownByForm?.(error)) notify.error(errorMessage(error, options.failure));
      options.onError?.(error, vars);
    },
    onSettled: markStale,
  });
}

/**
 * A failure a `useForm` form shows under its own fields, so no toast repeats it: a 400 (a rule
 * the server checks) or a 409 (a taken name) whose `errors` name one of `fields`, the rule
 * `useForm` lands them by. Give it as the mutation's `shownByForm`; any other failure is the
 * mutation's toast.
 */
export const shownOnFields =
  (...fields: string[]) =>
  (error: unknown): boolean =>
    error instanceof ApiError && (error.status === 400 || error.status === 409) && fields.some((field) => field in error.fieldErrors);

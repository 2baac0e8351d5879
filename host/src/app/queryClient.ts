import { QueryClient } from '@tanstack/react-query';
import { ApiError } from 'shared';

/** An answer that asking again soon may change: no answer at all, or a gateway or restart (502–504). */
export function isTransient(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || (error.status >= 502 && error.status <= 504));
}

/** One QueryClient for the host and every remote (react-query is a federation singleton). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx or a 500 will not change by asking again: the screen shows it at once. Only a
      // transient failure gets one more try, half a second later.
      retry: (count, error) => count < 1 && isTransient(error),
      retryDelay: 500,
    },
    mutations: { retry: false },
  },
});

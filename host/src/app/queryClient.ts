import { QueryClient } from '@tanstack/react-query';
import { ApiError } from 'shared';

/** One QueryClient for the host and every remote (react-query is a federation singleton). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will not change by asking again.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
    mutations: { retry: false },
  },
});

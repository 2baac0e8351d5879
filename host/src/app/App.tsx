import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { queryClient } from './queryClient';
import { router } from './router';
import { configureApi, syncSessionAcrossTabs, Toaster } from 'shared/host';

// The server ended the session (412, or 401 with a token): Login shows its message and
// signs out. Signing out here would let the guard redirect first, without the message.
configureApi({
  onSessionEnded: (status, message) => {
    void router.navigate(`/login?${new URLSearchParams({ status: String(status), message })}`, { replace: true });
  },
});

export function App() {
  useEffect(() => syncSessionAcrossTabs(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  );
}

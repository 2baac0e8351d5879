import { useState } from 'react';
import { ConfigMessages } from 'contracts/licensing';
import { Alert } from 'kit';
import { errorMessage } from 'shared';
import { isChangedSince } from './configs.api';

/** The changed-since notice a 409 leaves (the server's message), kept while the editor starts over from the version saved meanwhile. */
export function useConflictNotice() {
  const [notice, setNotice] = useState<string | null>(null);
  const onError = (error: unknown) => setNotice(isChangedSince(error) ? errorMessage(error, ConfigMessages.changedSince) : null);
  const alert = notice ? (
    <Alert variant="warning" onClose={() => setNotice(null)}>
      {notice}
    </Alert>
  ) : null;
  return { onError, clear: () => setNotice(null), alert };
}

import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { UnsavedChangesDialog } from 'kit';
import { confirmDiscard, hasUnsavedChanges, isSignedIn, useSession } from 'shared';

/**
 * Asks before an editor's unsaved changes are lost (the kernel's useUnsavedChanges): on a
 * move to another page, and (the browser's own question) on a reload or closing the tab.
 * Not once the session has ended: logging out, or an expired session, leaves at once.
 */
export function UnsavedChangesGuard() {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && hasUnsavedChanges() && isSignedIn(useSession.getState()),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let current = true;
    void confirmDiscard().then((discard) => {
      if (!current) return;
      if (discard) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      current = false;
    };
  }, [blocker]);

  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!hasUnsavedChanges() || !isSignedIn(useSession.getState())) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, []);

  return <UnsavedChangesDialog />;
}

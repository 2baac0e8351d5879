import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { afterPaint } from 'kit';

/** Whether the keyboard's focus was lost: on nothing, on the page's body, or on an element no longer in the page. */
function focusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/**
 * After the sign-in and after each navigation to another page (not a tab's hash, not a list's
 * query), a focus the navigation lost goes to the page's main region, as a new page's would be
 * at its start: the next Tab reaches the page's first control, Shift+Tab the navigation and the
 * header. Without it Chromium carries on from where the removed control was (the Login button,
 * a row's link), and the first Tab skipped the page's header and its tab strip. A focus the page
 * placed itself (a field's autofocus, a dialog) or that is still on a control (a navigation
 * link) stays. Done once the page is painted, so the first screen is not held back by it.
 */
export function useFocusAfterNavigation(mainId: string): void {
  const { pathname } = useLocation();
  useEffect(
    () =>
      afterPaint(() => {
        if (focusLost()) document.getElementById(mainId)?.focus({ preventScroll: true });
      }),
    [pathname, mainId],
  );
}

import { useEffect, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { afterPaint } from 'kit';

/** Whether the keyboard's focus was lost: on nothing, on the page's body, or on an element no longer in the page. */
function focusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/**
 * After the sign-in and after each navigation to another page (not a tab's hash, not a list's
 * query), a focus the navigation lost goes to `first`, the page's first stop (Skip to content):
 * the next Tab reaches the header, Enter the page, as on a page just loaded. Without it Chromium
 * carried on from where the removed control had been (the Login button, a row's link), so the
 * first Tab skipped the header, the navigation and the page's tab strip. A focus the page placed
 * itself (a field's autofocus, a dialog) or that is still on a control (a navigation link)
 * stays, and so does the document's first page (nothing had the focus: Tab starts at the top).
 * Done once the page is painted, so the first screen is not held back by it.
 */
export function useFocusAfterNavigation(first: RefObject<HTMLElement | null>): void {
  const { pathname, key } = useLocation();
  // React Router's key of the document's first location, before any navigation.
  const loaded = key === 'default';
  useEffect(() => {
    if (loaded) return;
    return afterPaint(() => {
      if (focusLost()) first.current?.focus({ preventScroll: true });
    });
  }, [pathname, loaded, first]);
}

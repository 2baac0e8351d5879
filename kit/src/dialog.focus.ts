/**
 * Where focus goes when a dialog closes: back to the control that opened it (WAI-ARIA's
 * dialog pattern). Radix returns focus only to its own Trigger, and the kit's dialogs are
 * opened by state, so without this focus fell to the page's body and a keyboard or
 * screen-reader user had to start again from the top of the page.
 */

/** How long a closed dialog waits for its opener to be usable again (a Save busy with the change it confirmed). */
export const RETURN_FOCUS_WAIT_MS = 10_000;

const focusable = (element: HTMLElement) =>
  element.isConnected && !element.matches(':disabled') && element.getAttribute('aria-hidden') !== 'true' && !element.closest('[inert]');

/** The element holding focus now, if any (not the body). */
export function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/** Focus is nowhere in particular: on the body, or on an element no longer in the page. */
const focusIsLost = () => {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
};

/**
 * Moves focus back to `opener` once a dialog has closed. A busy opener (disabled while the
 * action it started runs) gets focus as soon as it is enabled again; meanwhile focus waits on
 * the nearest focusable container around it (a tab panel, a scroll region, the page's main),
 * never on the body. Nothing moves when something else already took focus (a new page).
 */
export function returnFocus(opener: HTMLElement | null): void {
  if (!opener || !focusIsLost()) return;
  if (focusable(opener)) {
    opener.focus();
    return;
  }
  if (!opener.isConnected) {
    document.querySelector<HTMLElement>('main')?.focus({ preventScroll: true });
    return;
  }
  const holder = opener.parentElement?.closest<HTMLElement>('[tabindex], main') ?? null;
  holder?.focus({ preventScroll: true });
  const observer = new MutationObserver(() => {
    const stillWaiting = document.activeElement === holder || focusIsLost();
    if (!stillWaiting || !opener.isConnected) stop();
    else if (focusable(opener)) {
      stop();
      opener.focus();
    }
  });
  const timer = window.setTimeout(() => stop(), RETURN_FOCUS_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
  observer.observe(opener, { attributes: true, attributeFilter: ['disabled', 'aria-hidden'] });
}

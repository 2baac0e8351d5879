/**
 * Opening the SiteSense mobile app through its link scheme, and noticing when it is not there
 * (spec 1 §2: 'if the app is not detected within 2 seconds, the message 'SiteSense mobile App is
 * not installed.' is shown'). A browser says nothing when a scheme has no handler, so the app
 * counts as opened when the page is hidden or loses focus within the 2 seconds (the app came to
 * the front); otherwise the warning shows. The timer, the page's state and the warning are
 * injectable for the tests.
 */
import { useCallback, useEffect, useRef } from 'react';
import { SiteMessages } from 'contracts/projects-sites';
import { notify } from 'shared';
import { MOBILE_APP_DETECTION_MS } from './labels';

export interface MobileLaunchDeps {
  /** Opens the link (by default a hidden link's click: the page itself does not navigate away). */
  open(url: string): void;
  /** Whether the page is hidden now. */
  isHidden(): boolean;
  /** Calls `left` when the page is hidden or loses focus; answers how to stop listening. */
  watchLeave(left: () => void): () => void;
  setTimer(run: () => void, ms: number): ReturnType<typeof setTimeout>;
  clearTimer(timer: ReturnType<typeof setTimeout>): void;
  /** Says the app is missing (a warning toast). */
  missing(): void;
  delayMs: number;
}

function openLink(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

function watchLeave(left: () => void): () => void {
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') left();
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('blur', left);
  window.addEventListener('pagehide', left);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('blur', left);
    window.removeEventListener('pagehide', left);
  };
}

export const defaultLaunchDeps: MobileLaunchDeps = {
  open: openLink,
  isHidden: () => document.visibilityState === 'hidden',
  watchLeave,
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (timer) => clearTimeout(timer),
  missing: () => notify.warning(SiteMessages.mobileAppMissing),
  delayMs: MOBILE_APP_DETECTION_MS,
};

/**
 * Answers `launch(url)`: opens the mobile app's link and, when the page is still in front after
 * 2 s, shows 'SiteSense mobile App is not installed.'. A new launch replaces a pending one;
 * unmounting stops the wait.
 */
export function useMobileAppLaunch(deps: Partial<MobileLaunchDeps> = {}): (url: string) => void {
  const given = useRef(deps);
  useEffect(() => {
    given.current = deps;
  });
  const pending = useRef<(() => void) | null>(null);

  useEffect(
    () => () => {
      pending.current?.();
      pending.current = null;
    },
    [],
  );

  return useCallback((url: string) => {
    const d = { ...defaultLaunchDeps, ...given.current };
    pending.current?.();
    let left = false;
    // Listening before the link opens: the page may lose focus at once.
    const stopWatching = d.watchLeave(() => {
      left = true;
    });
    const timer = d.setTimer(() => {
      stopWatching();
      pending.current = null;
      if (!left && !d.isHidden()) d.missing();
    }, d.delayMs);
    pending.current = () => {
      d.clearTimer(timer);
      stopWatching();
    };
    d.open(url);
  }, []);
}

/** A phone or tablet: the primary pointer is a finger and cannot hover — where the mobile app runs. */
export const PHONE_QUERY = '(hover: none) and (pointer: coarse)';

/** Whether the console runs on a phone (PHONE_QUERY), read when asked: false where matchMedia is missing (tests). */
export function isPhone(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;
}

import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type * as SonnerModule from 'sonner';

/** How long a success toast stays (ms). */
export const TOAST_SUCCESS_MS = 3000;
/** How long error, warning and info toasts stay (ms). */
export const TOAST_OTHER_MS = 7000;

type Sonner = typeof SonnerModule;
type ToastId = string | number;

/*
 * sonner (a federation singleton) loads with the first toast, or when the signed-in shell
 * asks for it (preloadToasts), not with the login page. Until its outlet is mounted, toasts
 * wait here in order; each call still returns its toast's id at once.
 */
let sonner: Sonner | null = null;
let outletMounted = false;
let wanted = false;
const waiting: ((s: Sonner) => void)[] = [];
const listeners = new Set<() => void>();
let sequence = 0;

function want(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function withSonner(run: (s: Sonner) => void): void {
  if (sonner && outletMounted) run(sonner);
  else {
    waiting.push(run);
    want();
  }
}

const SonnerOutlet = lazy(() =>
  import('sonner').then((module) => {
    sonner = module;
    // expand: toasts sit one above the other, never stacked under each other ('Copied to
    // clipboard!' must not hide 'API key successfully added.').
    return { default: () => <module.Toaster position="bottom-center" closeButton richColors expand /> };
  }),
);

/** Shows the toasts that waited for the outlet; runs after the outlet has subscribed. */
function Drain() {
  useEffect(() => {
    outletMounted = true;
    for (const run of waiting.splice(0)) run(sonner!);
    return () => {
      outletMounted = false;
    };
  }, []);
  return null;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The one toast outlet; only the host renders it. Nothing loads until a toast is wanted. */
export function Toaster() {
  const show = useSyncExternalStore(subscribe, () => wanted);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <SonnerOutlet />
      <Drain />
    </Suspense>
  );
}

/** Loads the toasts' outlet ahead of the first toast (the signed-in shell calls it). */
export function preloadToasts(): void {
  want();
}

const nextId = (): string => `toast-${++sequence}`;

/** What a toast may offer besides its message: a button (sonner's action), e.g. Undo. */
interface ToastOptions {
  /** The button's label and what it does; the toast closes when it is pressed. */
  action?: { label: string; onClick: () => void };
}

function show(kind: 'success' | 'error' | 'warning' | 'info', message: ReactNode, duration: number, id?: ToastId, options: ToastOptions = {}): ToastId {
  const toastId = id ?? nextId();
  const { action } = options;
  // A toast with a button stays as long as the other messages (7 s), so there is time to reach it.
  const shown = action ? Math.max(duration, TOAST_OTHER_MS) : duration;
  withSonner((s) =>
    s.toast[kind](
      message,
      action ? { duration: shown, id: toastId, action: { label: action.label, onClick: action.onClick } } : { duration: shown, id: toastId },
    ),
  );
  return toastId;
}

/**
 * Shows passing messages with the spec's durations; each call returns the toast's id. A
 * message may carry an `action` (a button such as Undo); such a toast stays 7 s.
 */
export const notify = {
  success: (message: ReactNode, options?: ToastOptions): ToastId => show('success', message, TOAST_SUCCESS_MS, undefined, options),
  error: (message: ReactNode, options?: ToastOptions): ToastId => show('error', message, TOAST_OTHER_MS, undefined, options),
  warning: (message: ReactNode, options?: ToastOptions): ToastId => show('warning', message, TOAST_OTHER_MS, undefined, options),
  info: (message: ReactNode, options?: ToastOptions): ToastId => show('info', message, TOAST_OTHER_MS, undefined, options),
  /** A warning that stays until closed or dismissed with `notify.dismiss(id)`; reusing an id replaces it. */
  persistentWarning: (message: ReactNode, id?: ToastId): ToastId => show('warning', message, Infinity, id),
  /** Removes the toast `id`, or every toast when no id is given. */
  dismiss: (id?: ToastId): void => {
    // Nothing to remove before the first toast.
    if (sonner || waiting.length) withSonner((s) => s.toast.dismiss(id));
  },
};

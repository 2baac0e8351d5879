import type { ReactNode } from 'react';
import { Toaster as SonnerToaster, toast } from 'sonner';

/** How long a success toast stays (ms). */
export const TOAST_SUCCESS_MS = 3000;
/** How long error, warning and info toasts stay (ms). */
export const TOAST_OTHER_MS = 7000;

/** The one toast outlet; only the host renders it. */
export function Toaster() {
  return <SonnerToaster position="bottom-center" closeButton richColors />;
}

type ToastId = string | number;

/** Shows passing messages with the spec's durations; each call returns the toast's id. */
export const notify = {
  success: (message: ReactNode): ToastId => toast.success(message, { duration: TOAST_SUCCESS_MS }),
  error: (message: ReactNode): ToastId => toast.error(message, { duration: TOAST_OTHER_MS }),
  warning: (message: ReactNode): ToastId => toast.warning(message, { duration: TOAST_OTHER_MS }),
  info: (message: ReactNode): ToastId => toast.info(message, { duration: TOAST_OTHER_MS }),
  /** A warning that stays until closed or dismissed with `notify.dismiss(id)`; reusing an id replaces it. */
  persistentWarning: (message: ReactNode, id?: ToastId): ToastId => toast.warning(message, { duration: Infinity, id }),
  /** Removes the toast `id`, or every toast when no id is given. */
  dismiss: (id?: ToastId): ToastId => toast.dismiss(id),
};

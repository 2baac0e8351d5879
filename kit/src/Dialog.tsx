import { usePortalContainer } from 'shared';
import * as RadixDialog from '@radix-ui/react-dialog';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Button } from './Button';
import { cx } from './cx';
import { focusedElement, returnFocus } from './dialog.focus';
import { CloseIcon } from './icons';

const SIZES = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-3xl' } as const;

/** Props of {@link Dialog}. */
export interface DialogProps {
  open: boolean;
  /** Called with false when the user asks to close (Escape, outside click, the X). */
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** The buttons, right-aligned under the body. */
  footer?: ReactNode;
  /** When false, Escape and outside clicks do nothing and there is no X: only the footer's buttons close it. */
  dismissible?: boolean;
  size?: keyof typeof SIZES;
}

const preventDefault = (event: Event) => event.preventDefault();

/**
 * A modal dialog: portal, overlay, focus trapped inside, and on close (Escape, Cancel, done)
 * focus back on the control that opened it.
 */
export function Dialog({ open, onOpenChange, title, description, children, footer, dismissible = true, size = 'md' }: DialogProps) {
  const container = usePortalContainer();
  // The control focused as the dialog opens (before Radix moves focus inside): its opener.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = focusedElement();
  }, [open]);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal container={container}>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <RadixDialog.Content
          className={cx(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[85vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col',
            'rounded-md border border-slate-200 bg-white text-sm text-slate-700 shadow-xl focus:outline-none',
            SIZES[size],
          )}
          onEscapeKeyDown={dismissible ? undefined : preventDefault}
          onPointerDownOutside={dismissible ? undefined : preventDefault}
          onInteractOutside={dismissible ? undefined : preventDefault}
          // Radix returns focus only to a Dialog.Trigger; the kit's dialogs open from state.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus(opener.current);
          }}
          // Without a description Radix expects the attribute to be explicitly absent.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start gap-3 px-5 pt-4 pb-2">
            <div className="min-w-0 flex-1">
              <RadixDialog.Title className="text-base font-semibold text-slate-900">{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description asChild>
                  <div className="mt-1 text-slate-600">{description}</div>
                </RadixDialog.Description>
              )}
            </div>
            {dismissible && (
              <RadixDialog.Close
                aria-label="Close"
                className="-m-1 cursor-pointer rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:ring-2
                    focus-visible:ring-brand-500 focus-visible:outline-none"
              >
                <CloseIcon className="size-4" />
              </RadixDialog.Close>
            )}
          </div>
          {children !== undefined && <div className="min-h-0 flex-1 overflow-y-auto px-5 py-2">{children}</div>}
          {footer ? (
            <div className="mt-2 flex justify-end gap-2 rounded-b-md border-t border-slate-200 bg-slate-50 px-5 py-3">{footer}</div>
          ) : (
            <div className="pb-3" />
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** The question, e.g. 'Delete user jsmith?'. */
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** danger for destructive actions: a red confirm button. */
  variant?: 'primary' | 'danger';
  /** While the action runs: a spinner on confirm, and the dialog cannot be cancelled. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks the user to confirm an action: OK / Cancel. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'OK',
  cancelLabel = 'Cancel',
  variant = 'primary',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title={title}
      description={message}
      size="sm"
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={variant} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}

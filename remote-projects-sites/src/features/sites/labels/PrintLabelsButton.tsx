import { useState, type ReactNode } from 'react';
import type { Site } from 'contracts/projects-sites';
import { Button, type ButtonProps } from 'kit';
import { PrintLabelsDialog } from './PrintLabelsDialog';
import { isPhone, useMobileAppLaunch } from './useMobileAppLaunch';

export interface PrintLabelsButtonProps {
  /** The top-level sites whose labels print, with their descendants. */
  tops: readonly Site[];
  /** A card's Print (one top-level site). */
  card?: boolean;
  /** The Sites tab's filter, said in the dialog. */
  filter?: string;
  size?: ButtonProps['size'];
  children: ReactNode;
}

/**
 * A button that opens 'Print labels' for `tops`; disabled when there is no site to print. It
 * stays mounted after the dialog closes, so on a phone the wait for the mobile app (2 s) goes
 * on and its warning can show.
 */
export function PrintLabelsButton({ tops, card = false, filter, size, children }: PrintLabelsButtonProps) {
  const [open, setOpen] = useState<{ phone: boolean } | null>(null);
  const launch = useMobileAppLaunch();
  return (
    <>
      <Button variant="secondary" size={size} disabled={tops.length === 0} onClick={() => setOpen({ phone: isPhone() })}>
        {children}
      </Button>
      {open ? <PrintLabelsDialog tops={tops} card={card} filter={filter} phone={open.phone} onClose={() => setOpen(null)} onMobile={launch} /> : null}
    </>
  );
}

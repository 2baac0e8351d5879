import { useState, type ReactNode } from 'react';
import type { LicenseAddon } from 'contracts/identity';
import { Badge, Button, Checkbox } from 'kit';
import { useUnsavedChanges } from 'shared';

export const isVendorAddon = (addon: LicenseAddon) => addon.addonData?.category === 'VENDOR';
export const seatsText = (addon: LicenseAddon) =>
  addon.maxUsers < 0 ? `${addon.numUsers} in use, unlimited` : `${addon.numUsers} of ${addon.maxUsers} in use`;

export interface AddonsChecklistProps {
  /** The product licences the licence offers. */
  offer: LicenseAddon[];
  /** Whether the user, group or key holds one (as ticked now). */
  holds(addOnId: number): boolean;
  /** Held through a user group: ticked, disabled, with a 'User Group' badge. */
  fromGroup?(addOnId: number): boolean;
  onToggle(addOnId: number, on: boolean): void;
  showSeats?: boolean;
  /** What a row shows under itself (a vendor add-on's vendors). */
  below?(addon: LicenseAddon): ReactNode;
  /** What the list says when the licence offers none. */
  empty?: string;
}

/**
 * The product licences a user, a user group or an API key holds, among those its licence
 * offers (spec 1 §2, §5): one checkbox each with its badge, description and seats; vendor and
 * non-vendor product licences are not held together (the other side is disabled, with why).
 */
export function AddonsChecklist({
  offer,
  holds,
  fromGroup = () => false,
  onToggle,
  showSeats = true,
  below,
  empty = 'The license offers no product licenses.',
}: AddonsChecklistProps) {
  const held = offer.filter((a) => holds(a.addOnId));
  const vendorSide = held.some(isVendorAddon);
  const plainSide = held.some((a) => !isVendorAddon(a));
  return (
    <>
      {offer.length === 0 ? <p className="text-sm text-slate-600">{empty}</p> : null}
      <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
        {offer.map((addon) => {
          const vendor = isVendorAddon(addon);
          const excluded = !holds(addon.addOnId) && (vendor ? plainSide : vendorSide);
          return (
            <li key={addon.addOnId} className="p-3">
              <div className="flex flex-wrap items-center gap-3">
                <Checkbox
                  label={addon.name}
                  checked={holds(addon.addOnId)}
                  disabled={fromGroup(addon.addOnId) || excluded}
                  onChange={(e) => onToggle(addon.addOnId, e.target.checked)}
                />
                <Badge color={addon.color}>{addon.shortName}</Badge>
                {fromGroup(addon.addOnId) ? <Badge variant="info">User Group</Badge> : null}
                {vendor ? <Badge variant="neutral">Vendor</Badge> : null}
                {showSeats ? <span className="ml-auto text-xs text-slate-500">{seatsText(addon)}</span> : null}
              </div>
              {addon.description ? <p className="mt-1 text-xs text-slate-500">{addon.description}</p> : null}
              {excluded ? (
                <p className="mt-1 text-xs text-slate-500">{vendor ? 'Not with non-vendor product licenses.' : 'Not with a vendor product license.'}</p>
              ) : null}
              {below?.(addon)}
            </li>
          );
        })}
      </ul>
    </>
  );
}

const idsKey = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b).join(',');

/**
 * Ticks of a set of ids: what they are now, whether they differ from `held`, and a toggle. When
 * `held` changes (the saved state, read again after a save), ticks nobody changed since follow
 * it, and an edit begun meanwhile is kept: a refetch never undoes a tick.
 */
export function useIdTicks(held: readonly number[]) {
  const heldKey = idsKey(held);
  const [base, setBase] = useState(heldKey);
  const [own, setOwn] = useState(() => new Set(held));
  let current = own;
  if (base !== heldKey) {
    // Adjusting state while rendering (React's way for state derived from props): no extra paint.
    setBase(heldKey);
    if (idsKey(own) === base) {
      current = new Set(held);
      setOwn(current);
    }
  }
  const dirty = idsKey(current) !== heldKey;
  const toggle = (id: number, on: boolean) =>
    setOwn((state) => {
      const next = new Set(state);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return { own: current, dirty, toggle };
}

/**
 * A user group's or an API key's product licences with their Save (and the unsaved-changes
 * guard). `warning` says what removing one does.
 */
export function AddonsForm({
  offer,
  held,
  saving,
  onSave,
  warning,
  showSeats = true,
}: {
  offer: LicenseAddon[];
  held: number[];
  saving: boolean;
  onSave: (addOnIds: number[]) => void;
  warning?: string;
  showSeats?: boolean;
}) {
  const ticks = useIdTicks(held);
  // Not while saving: the saved state is on its way (the editor starts again from it).
  useUnsavedChanges(ticks.dirty && !saving);
  return (
    <div className="space-y-4">
      {warning ? <p className="text-sm text-amber-800">{warning}</p> : null}
      <AddonsChecklist offer={offer} holds={(id) => ticks.own.has(id)} onToggle={ticks.toggle} showSeats={showSeats} />
      <Button loading={saving} disabled={!ticks.dirty} onClick={() => onSave([...ticks.own])}>
        Save product licenses
      </Button>
    </div>
  );
}

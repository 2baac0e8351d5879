import { useState } from 'react';
import type { LicenseAddon } from 'contracts/identity';
import { Badge, Button, Checkbox, useUnsavedChanges } from 'shared';

export const isVendorAddon = (addon: LicenseAddon) => addon.addonData?.category === 'VENDOR';
export const seatsText = (addon: LicenseAddon) => (addon.maxUsers < 0 ? `${addon.numUsers} in use, unlimited` : `${addon.numUsers} of ${addon.maxUsers} in use`);

/**
 * The product licences a user group or an API key holds, among those its licence offers
 * (spec 1 §2, §5): one checkbox each with its badge and seats; vendor and non-vendor product
 * licences are not held together. `warning` says what removing one does.
 */
export function AddonsChecklist({
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
  const [own, setOwn] = useState(() => new Set(held));
  const chosen = offer.filter((a) => own.has(a.addOnId));
  const vendorSide = chosen.some(isVendorAddon);
  const plainSide = chosen.some((a) => !isVendorAddon(a));
  const dirty = own.size !== held.length || held.some((id) => !own.has(id));
  // Not while saving: the saved state is on its way (the editor starts again from it).
  useUnsavedChanges(dirty && !saving);
  const toggle = (id: number, on: boolean) =>
    setOwn((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <div className="space-y-4">
      {warning ? <p className="text-sm text-amber-800">{warning}</p> : null}
      {offer.length === 0 ? <p className="text-sm text-slate-600">The license offers no product licenses.</p> : null}
      <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
        {offer.map((addon) => {
          const vendor = isVendorAddon(addon);
          const excluded = !own.has(addon.addOnId) && (vendor ? plainSide : vendorSide);
          return (
            <li key={addon.addOnId} className="flex flex-wrap items-center gap-3 p-3">
              <Checkbox label={addon.name} checked={own.has(addon.addOnId)} disabled={excluded} onChange={(e) => toggle(addon.addOnId, e.target.checked)} />
              <Badge color={addon.color}>{addon.shortName}</Badge>
              {vendor ? <Badge variant="neutral">Vendor</Badge> : null}
              {excluded ? <span className="text-xs text-slate-500">{vendor ? 'Not with non-vendor product licenses.' : 'Not with a vendor product license.'}</span> : null}
              {showSeats ? <span className="ml-auto text-xs text-slate-500">{seatsText(addon)}</span> : null}
            </li>
          );
        })}
      </ul>
      <Button loading={saving} disabled={!dirty} onClick={() => onSave([...own])}>
        Save product licenses
      </Button>
    </div>
  );
}

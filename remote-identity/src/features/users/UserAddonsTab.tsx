import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { UserMessages, type LicenseAddon, type User, type UserAddons, type Vendor } from 'contracts/identity';
import { Alert, Badge, Button, Checkbox, errorMessage, Spinner } from 'shared';
import { isVendorAddon, seatsText } from '../access/AddonsChecklist';
import { isRefreshingOnMount, licenseAddonsQuery, licenseVendorsQuery, useSetAddons, userAddonsQuery } from './user.api';


/**
 * The product licences tab (spec 1 §2, §5): the add-ons the user's licence offers, with seats;
 * vendors under a vendor add-on (at least one); vendor and non-vendor add-ons are not held
 * together; those a user group grants are shown ticked and disabled. The server enforces the
 * seat limits: a 210 is its warning, and nothing changed.
 */
export function UserAddonsTab({ user }: { user: User }) {
  const offer = useQuery(licenseAddonsQuery(user.licenseId));
  const held = useQuery(userAddonsQuery(user.userName));
  const vendors = useQuery(licenseVendorsQuery(user.licenseId));
  if (offer.isPending || held.isPending || isRefreshingOnMount(held) || vendors.isPending) return <Spinner label="Loading product licenses" />;
  if (offer.isError) return <Alert variant="danger">{errorMessage(offer.error, UserMessages.addonsDefaultFailed)}</Alert>;
  if (held.isError) return <Alert variant="danger">{errorMessage(held.error, UserMessages.addonsUserFailed)}</Alert>;
  return <AddonsEditor key={held.dataUpdatedAt} user={user} offer={offer.data.filter((a) => a.maxUsers !== 0)} held={held.data} vendors={vendors.data ?? []} />;
}

function AddonsEditor({ user, offer, held, vendors }: { user: User; offer: LicenseAddon[]; held: UserAddons; vendors: Vendor[] }) {
  const fromGroup = useMemo(() => new Set(held.addons.filter((a) => a.fromUserGroup).map((a) => a.addOnId)), [held]);
  const [own, setOwn] = useState(() => new Set(held.addons.filter((a) => !a.fromUserGroup).map((a) => a.addOnId)));
  const [chosen, setChosen] = useState(() => {
    const map = new Map<number, Set<number>>();
    for (const v of held.vendors) map.set(v.addOnId, new Set([...(map.get(v.addOnId) ?? []), v.vendorId]));
    return map;
  });
  const [tried, setTried] = useState(false);
  const save = useSetAddons(user.userName, user.licenseId);

  const holds = (id: number) => own.has(id) || fromGroup.has(id);
  const heldAddons = offer.filter((a) => holds(a.addOnId));
  const vendorSide = heldAddons.some(isVendorAddon);
  const plainSide = heldAddons.some((a) => !isVendorAddon(a));
  const missingVendor = offer.filter((a) => isVendorAddon(a) && own.has(a.addOnId) && !(chosen.get(a.addOnId)?.size ?? 0));

  const toggle = (id: number, on: boolean) =>
    setOwn((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleVendor = (addOnId: number, vendorId: number, on: boolean) =>
    setChosen((current) => {
      const next = new Map(current);
      const set = new Set(next.get(addOnId) ?? []);
      if (on) set.add(vendorId);
      else set.delete(vendorId);
      next.set(addOnId, set);
      return next;
    });

  const submit = () => {
    setTried(true);
    if (missingVendor.length) return;
    save.mutate([...own].map((addOnId) => ({ addOnId, ...(offer.find((a) => a.addOnId === addOnId && isVendorAddon(a)) ? { vendorIds: [...(chosen.get(addOnId) ?? [])] } : {}) })));
  };

  return (
    <div className="space-y-4">
      <Alert variant="warning">{UserMessages.addonsRemoveRoles}</Alert>
      {tried && missingVendor.length ? <Alert variant="danger">{UserMessages.vendorRequired}</Alert> : null}
      {offer.length === 0 ? <p className="text-sm text-slate-600">The user&apos;s license offers no product licenses.</p> : null}
      <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
        {offer.map((addon) => {
          const vendor = isVendorAddon(addon);
          // Spec 1 §5: vendor and non-vendor product licences are not held together.
          const excluded = !holds(addon.addOnId) && (vendor ? plainSide : vendorSide);
          return (
            <li key={addon.addOnId} className="p-3">
              <div className="flex flex-wrap items-center gap-3">
                <Checkbox
                  label={addon.name}
                  checked={holds(addon.addOnId)}
                  disabled={fromGroup.has(addon.addOnId) || excluded}
                  onChange={(e) => toggle(addon.addOnId, e.target.checked)}
                />
                <Badge color={addon.color}>{addon.shortName}</Badge>
                {fromGroup.has(addon.addOnId) ? <Badge variant="info">User Group</Badge> : null}
                {vendor ? <Badge variant="neutral">Vendor</Badge> : null}
                <span className="ml-auto text-xs text-slate-500">{seatsText(addon)}</span>
              </div>
              {addon.description ? <p className="mt-1 text-xs text-slate-500">{addon.description}</p> : null}
              {excluded ? <p className="mt-1 text-xs text-slate-500">{vendor ? 'Not with non-vendor product licenses.' : 'Not with a vendor product license.'}</p> : null}
              {vendor && own.has(addon.addOnId) ? (
                <fieldset className="mt-2 ml-6">
                  <legend className="text-sm font-medium text-slate-700">Vendors</legend>
                  {vendors.length === 0 ? <p className="text-sm text-slate-600">The license has no vendors.</p> : null}
                  <div className="mt-1 grid grid-cols-1 gap-1 sm:grid-cols-2">
                    {vendors.map((v) => (
                      <Checkbox key={v.vendorId} label={v.name} checked={chosen.get(addon.addOnId)?.has(v.vendorId) ?? false} onChange={(e) => toggleVendor(addon.addOnId, v.vendorId, e.target.checked)} />
                    ))}
                  </div>
                </fieldset>
              ) : null}
            </li>
          );
        })}
      </ul>
      <Button loading={save.isPending} onClick={submit}>
        Save product licenses
      </Button>
    </div>
  );
}

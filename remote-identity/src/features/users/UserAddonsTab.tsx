import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ChangeMessages, UserMessages, type LicenseAddon, type RoleGroup, type User, type UserAddons, type Vendor } from 'contracts/identity';
import { Alert, dataKey, Button, Checkbox, ConfirmDialog, Spinner } from 'kit';
import { errorMessage, useUnsavedChanges } from 'shared';
import { AddonsChecklist, isVendorAddon, useIdTicks } from '../access/AddonsChecklist';
import { addonRemoval, removesSomething, type AddonRemoval } from './addonRemoval';
import { isRefreshingOnMount, licenseAddonsQuery, licenseVendorsQuery, useSetAddons, userAddonsQuery, userRoleInfoQuery } from './user.api';

/**
 * The product licences tab (spec 1 §2, §5): the add-ons the user's licence offers, with seats;
 * vendors under a vendor add-on (at least one); vendor and non-vendor add-ons are not held
 * together; those a user group grants are shown ticked and disabled. The server enforces the
 * seat limits: a 210 is its warning, and nothing changed. Beyond the spec, the warning says
 * exactly what saving removes — which product licences, and which of the user's roles go with
 * them — and a save that removes something asks first. The list is the shared AddonsChecklist.
 */
export function UserAddonsTab({ user }: { user: User }) {
  const offer = useQuery(licenseAddonsQuery(user.licenseId));
  const held = useQuery(userAddonsQuery(user.userName));
  const vendors = useQuery(licenseVendorsQuery(user.licenseId));
  const roles = useQuery(userRoleInfoQuery(user.userName, user.userId));
  if (offer.isPending || held.isPending || isRefreshingOnMount(held) || vendors.isPending || roles.isPending)
    return <Spinner label="Loading product licenses" />;
  if (offer.isError) return <Alert variant="danger">{errorMessage(offer.error, UserMessages.addonsDefaultFailed)}</Alert>;
  if (held.isError) return <Alert variant="danger">{errorMessage(held.error, UserMessages.addonsUserFailed)}</Alert>;
  // Without the user's roles the tab cannot say which of them a save would take.
  if (roles.isError) return <Alert variant="danger">{errorMessage(roles.error, UserMessages.rolesLoadFailed)}</Alert>;
  return (
    <AddonsEditor
      key={dataKey(held.data)}
      user={user}
      offer={offer.data.filter((a) => a.maxUsers !== 0)}
      held={held.data}
      vendors={vendors.data ?? []}
      roleGroups={roles.data}
    />
  );
}

const sameSet = (a: ReadonlySet<number>, b: ReadonlySet<number>) => a.size === b.size && [...a].every((id) => b.has(id));

/** Vendors chosen per add-on, as the server holds them. */
function vendorsOf(held: UserAddons): Map<number, Set<number>> {
  const map = new Map<number, Set<number>>();
  for (const v of held.vendors) map.set(v.addOnId, new Set([...(map.get(v.addOnId) ?? []), v.vendorId]));
  return map;
}

/** Exactly what a save removes (a polite live region: it follows every tick). */
function RemovalWarning({ userName, removal }: { userName: string; removal: AddonRemoval }) {
  const join = (names: string[]) => names.join(', ');
  return (
    <div className="space-y-1">
      {removal.noneLeft ? <p className="font-semibold">{UserMessages.addonsRemoveRoles}</p> : null}
      {removal.addons.length ? <p>{ChangeMessages.addonsRemoved(userName, join(removal.addons))}</p> : null}
      <p>{removal.roles.length ? ChangeMessages.rolesGo(userName, join(removal.roles)) : ChangeMessages.noRolesGo}</p>
      {removal.rolesKept.length ? <p>{ChangeMessages.rolesStayThroughGroup(join(removal.rolesKept))}</p> : null}
    </div>
  );
}

function AddonsEditor({
  user,
  offer,
  held,
  vendors,
  roleGroups,
}: {
  user: User;
  offer: LicenseAddon[];
  held: UserAddons;
  vendors: Vendor[];
  roleGroups: RoleGroup[];
}) {
  const fromGroup = useMemo(() => new Set(held.addons.filter((a) => a.fromUserGroup).map((a) => a.addOnId)), [held]);
  const ownBefore = useMemo(() => new Set(held.addons.filter((a) => !a.fromUserGroup).map((a) => a.addOnId)), [held]);
  const vendorsBefore = useMemo(() => vendorsOf(held), [held]);
  const { own, toggle } = useIdTicks([...ownBefore]);
  const [chosen, setChosen] = useState(() => vendorsOf(held));
  const [tried, setTried] = useState(false);
  const [asking, setAsking] = useState(false);
  const save = useSetAddons(user.userName, user.licenseId);

  const holds = (id: number) => own.has(id) || fromGroup.has(id);
  const missingVendor = offer.filter((a) => isVendorAddon(a) && own.has(a.addOnId) && !(chosen.get(a.addOnId)?.size ?? 0));
  // Only the vendors of vendor add-ons the user keeps are sent: those count as a change.
  const vendorsChanged = offer.some(
    (a) => isVendorAddon(a) && own.has(a.addOnId) && !sameSet(chosen.get(a.addOnId) ?? new Set(), vendorsBefore.get(a.addOnId) ?? new Set()),
  );
  const dirty = !sameSet(own, ownBefore) || vendorsChanged;
  // Not while saving: the saved state is on its way (the editor starts again from it).
  useUnsavedChanges(dirty && !save.isPending);

  const names = useMemo(() => {
    const map = new Map<number, string>();
    for (const a of [...held.addons, ...offer]) if (a.name) map.set(a.addOnId, a.name);
    return map;
  }, [offer, held]);
  const removal = addonRemoval({ ownBefore, ownAfter: own, fromGroups: fromGroup, names, roleGroups });
  const removing = dirty && removesSomething(removal);

  const toggleVendor = (addOnId: number, vendorId: number, on: boolean) =>
    setChosen((current) => {
      const next = new Map(current);
      const set = new Set(next.get(addOnId) ?? []);
      if (on) set.add(vendorId);
      else set.delete(vendorId);
      next.set(addOnId, set);
      return next;
    });

  const send = () => {
    setAsking(false);
    save.mutate(
      [...own].map((addOnId) => ({
        addOnId,
        ...(offer.find((a) => a.addOnId === addOnId && isVendorAddon(a)) ? { vendorIds: [...(chosen.get(addOnId) ?? [])] } : {}),
      })),
    );
  };
  const submit = () => {
    setTried(true);
    if (missingVendor.length) return;
    if (removing) setAsking(true);
    else send();
  };

  return (
    <div className="space-y-4">
      {removing ? (
        <div role="status" className="rounded-md border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-900">
          <RemovalWarning userName={user.userName} removal={removal} />
        </div>
      ) : (
        <Alert variant="warning">{UserMessages.addonsRemoveRoles}</Alert>
      )}
      {tried && missingVendor.length ? <Alert variant="danger">{UserMessages.vendorRequired}</Alert> : null}
      <AddonsChecklist
        offer={offer}
        holds={holds}
        fromGroup={(id) => fromGroup.has(id)}
        onToggle={toggle}
        empty="The user's license offers no product licenses."
        below={(addon) =>
          isVendorAddon(addon) && own.has(addon.addOnId) ? (
            <fieldset className="mt-2 ml-6">
              <legend className="text-sm font-medium text-slate-700">Vendors</legend>
              {vendors.length === 0 ? <p className="text-sm text-slate-600">The license has no vendors.</p> : null}
              <div className="mt-1 grid grid-cols-1 gap-1 sm:grid-cols-2">
                {vendors.map((v) => (
                  <Checkbox
                    key={v.vendorId}
                    label={v.name}
                    checked={chosen.get(addon.addOnId)?.has(v.vendorId) ?? false}
                    onChange={(e) => toggleVendor(addon.addOnId, v.vendorId, e.target.checked)}
                  />
                ))}
              </div>
            </fieldset>
          ) : null
        }
      />
      {/* Like the projects and roles saves: nothing to save until something changes. */}
      <Button loading={save.isPending} disabled={!dirty} onClick={submit}>
        Save product licenses
      </Button>
      <ConfirmDialog
        open={asking}
        title={ChangeMessages.addonsRemoveTitle}
        message={<RemovalWarning userName={user.userName} removal={removal} />}
        confirmLabel={ChangeMessages.addonsRemoveConfirm}
        variant="danger"
        onConfirm={send}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}

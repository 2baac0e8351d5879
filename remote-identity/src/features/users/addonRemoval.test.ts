import type { RoleGroup } from 'contracts/identity';
import { addonRemoval, removesSomething } from './addonRemoval';

const role = (roleId: number, name: string, held: 'direct' | 'group' | 'both' | 'none') => ({
  roleId,
  name: name.toUpperCase().replace(/ /g, '_'),
  friendlyName: name,
  description: '',
  roleGroup: null,
  appliedToUser: held !== 'none',
  fromUserGroup: held === 'group' || held === 'both',
  direct: held === 'direct' || held === 'both',
  userGroups: held === 'group' || held === 'both' ? ['Site Supervisors'] : [],
  administrative: false,
  givable: true,
});

const groups: RoleGroup[] = [
  { roleGroupId: 1, name: 'SiteSense', addOnId: 1, roles: [role(10, 'View Construction', 'direct'), role(11, 'Update Progress', 'none')] },
  {
    roleGroupId: 2,
    name: 'Material Control',
    addOnId: 2,
    roles: [role(20, 'Post Receipt', 'direct'), role(21, 'Approve Request', 'both'), role(22, 'Post Shipment', 'group')],
  },
  { roleGroupId: 3, name: 'Anyone', addOnId: null, roles: [role(30, 'See Help', 'direct')] },
];
const names = new Map([
  [1, 'SiteSense'],
  [2, 'Material Control'],
  [3, 'Sensors'],
]);

describe('addonRemoval', () => {
  it('names the product licences removed and the own roles whose role group needs one of them', () => {
    const removal = addonRemoval({ ownBefore: [1, 2], ownAfter: new Set([1]), fromGroups: new Set(), names, roleGroups: groups });
    expect(removal).toEqual({ addons: ['Material Control'], roles: ['Post Receipt'], rolesKept: ['Approve Request'], noneLeft: false });
    expect(removesSomething(removal)).toBe(true);
  });

  it('keeps what a user group still gives: its product licence and the roles of it', () => {
    const removal = addonRemoval({ ownBefore: [1, 2], ownAfter: new Set([1]), fromGroups: new Set([2]), names, roleGroups: groups });
    expect(removal).toEqual({ addons: [], roles: [], rolesKept: [], noneLeft: false });
    expect(removesSomething(removal)).toBe(false);
  });

  it('takes every own role, of any role group, when no product licence is left', () => {
    const removal = addonRemoval({ ownBefore: [1, 2], ownAfter: new Set(), fromGroups: new Set(), names, roleGroups: groups });
    expect(removal).toEqual({
      addons: ['Material Control', 'SiteSense'],
      roles: ['Post Receipt', 'See Help', 'View Construction'],
      rolesKept: ['Approve Request'],
      noneLeft: true,
    });
  });

  it('says when a save also takes an own role already held without its product licence', () => {
    const removal = addonRemoval({ ownBefore: [1], ownAfter: new Set([1, 3]), fromGroups: new Set(), names, roleGroups: groups });
    expect(removal).toEqual({ addons: [], roles: ['Post Receipt'], rolesKept: ['Approve Request'], noneLeft: false });
  });

  it('removes nothing when product licences are only added', () => {
    expect(removesSomething(addonRemoval({ ownBefore: [1, 2], ownAfter: new Set([1, 2, 3]), fromGroups: new Set(), names, roleGroups: groups }))).toBe(false);
  });
});

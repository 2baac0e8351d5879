import * as v from 'valibot';
import { AccessMessages, RoleGroupSchema } from 'contracts/identity';
import { ProjectTreeNodeSchema } from 'contracts/projects-sites';
import { groupCopy, type CopySource } from './groupCopy';

/** jsmith as issue 22 found him: Mobile Worker Tool without Workforce, a role the caller may not give, a project of another licence. */
const source: CopySource = {
  userName: 'jsmith',
  addOnIds: [1, 3],
  roles: v.parse(v.array(RoleGroupSchema), [
    {
      roleGroupId: 1,
      name: 'Views',
      addOnId: 1,
      roles: [
        { roleId: 11, name: 'VIEW_STATUS', friendlyName: 'View Status', description: '', appliedToUser: true, direct: true },
        { roleId: 12, name: 'VIEW_MAP', friendlyName: 'View Map', description: '' },
        {
          roleId: 13,
          name: 'VIEW_CONSTRUCTION',
          friendlyName: 'View Construction',
          description: '',
          appliedToUser: true,
          fromUserGroup: true,
          userGroups: ['Site Supervisors'],
        },
      ],
    },
    {
      roleGroupId: 2,
      name: 'Administration',
      addOnId: 1,
      roles: [
        {
          roleId: 21,
          name: 'ADMINISTER_READER',
          friendlyName: 'Administer Reader',
          description: '',
          appliedToUser: true,
          direct: true,
          givable: false,
          whyNotGivable: 'An administrative role: only someone who holds it can give or remove it.',
        },
      ],
    },
    {
      roleGroupId: 4,
      name: 'Workforce',
      addOnId: 4,
      missingProduct: 'Workforce',
      roles: [{ roleId: 41, name: 'MOBILE_WORKER_TOOL', friendlyName: 'Mobile Worker Tool', description: '', appliedToUser: true, direct: true }],
    },
  ]),
  projects: v.parse(v.array(ProjectTreeNodeSchema), [
    { projectId: 5, name: 'Northwind Tower A', assignedTo: true, children: [{ projectId: 6, name: 'Tower A Fit-out', fromUserGroup: true, children: [] }] },
    { projectId: 7, name: 'Northwind Tower B', children: [] },
  ]),
  licenses: [
    { licenseId: 2, name: 'Northwind Construction', projectCount: 2, own: true },
    { licenseId: 3, name: 'Old Mill Renovation', projectCount: 1, own: false },
    { licenseId: 4, name: 'Harbour Bridge', projectCount: 0, own: false },
  ],
};

describe('groupCopy', () => {
  it('copies the roles the group can give and says which it leaves out and why', () => {
    const copy = groupCopy(source, true, false);
    expect(copy.RoleIds).toEqual([11, 13]);
    expect(copy.AddOnIds).toEqual([1, 3]);
    expect(copy.ProjectIds).toEqual([]);
    expect(copy.leftOut).toEqual([
      AccessMessages.copyRoleNotGivable('Administer Reader', 'An administrative role: only someone who holds it can give or remove it.'),
      AccessMessages.copyRoleWithoutProduct('Mobile Worker Tool', 'Workforce', 'jsmith'),
    ]);
    expect(copy.leftOut[1]).toBe('Mobile Worker Tool: jsmith holds it without the Workforce product license, so the group cannot give it.');
  });

  it('copies the projects of the user’s licence (own and through groups) and names the other licences’ it leaves out', () => {
    const copy = groupCopy(source, false, true);
    expect(copy.ProjectIds).toEqual([5, 6]);
    expect(copy.RoleIds).toEqual([]);
    expect(copy.AddOnIds).toEqual([]);
    expect(copy.leftOut).toEqual(['1 project of Old Mill Renovation: a group gives projects of its own license only.']);
  });

  it('leaves nothing out when nothing is in the way', () => {
    expect(groupCopy({ ...source, roles: source.roles!.slice(0, 1), licenses: source.licenses!.slice(0, 1) }, true, true).leftOut).toEqual([]);
  });
});

import { currentSection, groupNav, groupOf, type NavItem, type NavLinkEntry } from './navigation';

const entry = (label: string, to: string, order: number, group: string | undefined, remoteId: string): NavLinkEntry => ({
  label,
  to,
  order,
  group: groupOf(group),
  remoteId,
});

/** A super administrator's entries, as the four remotes declare them. */
const ALL = [
  entry('Users', '/users', 10, 'access', 'identity'),
  entry('Projects', '/projects', 20, 'projects', 'projects-sites'),
  entry('Sites', '/sites', 21, 'projects', 'projects-sites'),
  entry('Imports', '/imports', 22, 'projects', 'projects-sites'),
  entry('Integration', '/integration', 24, 'projects', 'projects-sites'),
  entry('Workflows', '/workflow', 30, 'workflows', 'workflows'),
  entry('Preservations', '/preservations', 31, 'workflows', 'workflows'),
  entry('Licenses', '/license/list', 40, 'licensing', 'licensing'),
  entry('License', '/license/5/view', 41, 'licensing', 'licensing'),
  entry('API Keys', '/apikeys', 42, 'access', 'identity'),
  entry('Mobile Admin', '/mobile', 43, 'licensing', 'licensing'),
  entry('Audit Log', '/audit', 44, 'access', 'identity'),
];

/** What the navigation shows, as text: 'Group: a, b' for a group, the label for a link. */
const shape = (items: NavItem[]) =>
  items.map((item) => (item.kind === 'link' ? item.entry.label : `${item.label}: ${item.entries.map((e) => e.label).join(', ')}`));

describe('groupNav', () => {
  it("groups the remotes' entries in the host's order of groups, each group's entries in their order", () => {
    expect(shape(groupNav(ALL))).toEqual([
      'Access: Users, API Keys, Audit Log',
      'Projects: Projects, Sites, Imports, Integration',
      'Workflows: Workflows, Preservations',
      'Licensing: Licenses, License, Mobile Admin',
    ]);
  });

  it('shows the entry of a one-entry group alone and leaves empty groups out', () => {
    const licenseAdmin = ALL.filter((e) => ['Users', 'Projects', 'Sites', 'Workflows', 'License', 'API Keys', 'Audit Log'].includes(e.label));
    expect(shape(groupNav(licenseAdmin))).toEqual(['Access: Users, API Keys, Audit Log', 'Projects: Projects, Sites', 'Workflows', 'License']);
  });

  it('shows the links without a group when all of them are in one', () => {
    const few = ALL.filter((e) => e.label === 'Users' || e.label === 'API Keys');
    expect(shape(groupNav(few))).toEqual(['Users', 'API Keys']);
    expect(groupNav([])).toEqual([]);
  });

  it("puts entries without a group, or with one this console does not know, under 'Other', last", () => {
    const items = groupNav([...ALL, entry('Reports', '/reports', 5, undefined, 'reports'), entry('Billing', '/billing', 6, 'billing', 'reports')]);
    expect(shape(items).at(-1)).toBe('Other: Reports, Billing');
    expect(shape(groupNav([...ALL, entry('Reports', '/reports', 5, undefined, 'reports')])).at(-1)).toBe('Reports');
  });
});

describe('currentSection', () => {
  const at = (pathname: string, owner?: string) => {
    const { entry: found, group } = currentSection(ALL, pathname, owner);
    return { entry: found?.label, group };
  };

  it("marks the entry whose path is the page's or holds it", () => {
    expect(at('/audit', 'identity')).toEqual({ entry: 'Audit Log', group: 'access' });
    expect(at('/users/ann/view', 'identity')).toEqual({ entry: 'Users', group: 'access' });
    expect(at('/projects/3/site/4/tree', 'projects-sites')).toEqual({ entry: 'Projects', group: 'projects' });
    expect(at('/license/5/view', 'licensing')).toEqual({ entry: 'License', group: 'licensing' });
  });

  it("finds the section of the spec's paths that are not under their list's, within the remote owning the page", () => {
    expect(at('/user/ann', 'identity')).toEqual({ entry: 'Users', group: 'access' });
    expect(at('/preservation/3/4/view', 'workflows')).toEqual({ entry: 'Preservations', group: 'workflows' });
    expect(at('/license/5/settings', 'licensing')).toEqual({ entry: 'License', group: 'licensing' });
    // Another licence than the user's own: Licenses, first in order among equals.
    expect(at('/license/50/settings', 'licensing')).toEqual({ entry: 'Licenses', group: 'licensing' });
  });

  it("opens the owner's group without marking an entry when none is alike, and marks nothing on the host's pages", () => {
    expect(at('/reports/new', 'licensing')).toEqual({ entry: undefined, group: 'licensing' });
    expect(at('/')).toEqual({ entry: undefined, group: undefined });
    expect(at('/console/health')).toEqual({ entry: undefined, group: undefined });
  });

  it('never matches on part of a segment', () => {
    expect(at('/usersettings')).toEqual({ entry: undefined, group: undefined });
  });
});

import type { Config } from 'contracts/licensing';
import type { Site } from 'contracts/projects-sites';
import { customStatusesOf, siteChoices } from './itemTabs.api';

const site = (siteId: number, name: string, children: Site[] = [], active = true): Site =>
  ({
    siteId,
    name,
    active,
    projectId: 7,
    parentId: null,
    depth: 0,
    siteClass: 'site',
    siteType: {},
    properties: { overlays: [], userProperties: {} },
    children,
  }) as Site;

const config = (projectId: number, value: unknown): Config =>
  ({
    id: projectId,
    name: 'CustomEquipmentStatus',
    isLicense: false,
    projectId,
    version: 1,
    data: { configs: [{ property: 'CustomEquipmentStatus', parameters: [{ name: 'Statuses', value }] }] },
  }) as Config;

describe('siteChoices', () => {
  it('lists the active sites with their paths, in path order, leaving out an archived site and what is under it', () => {
    const sites = [site(2, 'Yard', [site(3, 'Gate'), site(4, 'Old', [site(5, 'Shed')], false)]), site(1, 'Laydown')];
    expect(siteChoices(sites)).toEqual([
      { siteId: 1, path: 'Laydown' },
      { siteId: 2, path: 'Yard' },
      { siteId: 3, path: 'Yard › Gate' },
    ]);
  });
});

describe('customStatusesOf', () => {
  it('gives each project its own config’s list (none without one), and says whether they agree', () => {
    expect(customStatusesOf([config(7, ['Idle']), config(9, ['Other'])], [7, 8])).toEqual({ perProject: [['Idle'], []], agree: false, statuses: [] });
    expect(customStatusesOf([config(7, ['Idle', { name: 'Broken' }]), config(8, ['Idle', 'Broken'])], [7, 8])).toEqual({
      perProject: [
        ['Idle', 'Broken'],
        ['Idle', 'Broken'],
      ],
      agree: true,
      statuses: ['Idle', 'Broken'],
    });
    expect(customStatusesOf([], [7])).toEqual({ perProject: [[]], agree: true, statuses: [] });
  });
});

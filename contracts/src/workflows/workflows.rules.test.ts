import {
  allPreviousCompletable,
  conditionalTargets,
  contentOfDisabledTabs,
  copyPhaseInto,
  copyPhases,
  deletionBlockers,
  disabledTabs,
  equipmentStatusOptions,
  customStatusesAgree,
  customEquipmentStatuses,
  projectChangeError,
  resetBounds,
  spreadEvenly,
  sumsTo100,
  typeChangeBlocked,
  type RulePhase,
} from './workflows.rules';
import { WorkflowMessages } from './workflows.messages';

const item = (itemId: string, extra: Partial<RulePhase['items'][number]> = {}) => ({ itemId, itemName: `Item ${itemId}`, itemWeight: 50, ...extra });

/** Two phases: a (a1, a2) and b (b1); b1 completes a2, a2's prerequisite is a1. */
const phases = (): RulePhase[] => [
  { phaseId: 'a', phaseName: 'Install', phaseWeight: 50, items: [item('a1'), item('a2', { preRequisite: { phaseId: 'a', itemId: 'a1' } })] },
  {
    phaseId: 'b',
    phaseName: 'Test',
    phaseWeight: 50,
    items: [item('b1', { itemWeight: 100, complete: [{ phaseId: 'a', itemId: 'a2' }], requirements: [{}] })],
  },
];

describe('workflow rules', () => {
  it('gives each item type its tabs, and names what an item holds on a disabled tab', () => {
    expect(disabledTabs(2)).toEqual(['Production']);
    expect(disabledTabs(3)).toContain('Triggers');
    expect(contentOfDisabledTabs({ itemId: 'x', itemName: 'x', itemType: 3, triggers: [{ triggerType: 2 }], production: { name: 'p' } })).toEqual(['Triggers']);
    expect(contentOfDisabledTabs({ itemId: 'x', itemName: 'x', itemType: 2, production: { name: 'p' } })).toEqual(['Production']);
  });

  it('blocks a type change while the item has conditions, requirements, a trigger or an equipment mapping', () => {
    expect(typeChangeBlocked(item('x'))).toBe(false);
    expect(typeChangeBlocked(item('x', { requirements: [{}] }))).toBe(true);
    expect(typeChangeBlocked(item('x', { itemStateFromEquipmentStatus: [{ progressState: 0, equipmentStatusState: 3 }] }))).toBe(true);
  });

  it('keeps a phase or an item that another item links to from being deleted, saying who links', () => {
    expect(deletionBlockers(phases(), { phaseId: 'a', itemId: 'a1' })).toEqual(['It is the prerequisite of Install › Item a2.']);
    expect(deletionBlockers(phases(), { phaseId: 'a' })).toEqual(['Item a2 is the auto-complete target of Test › Item b1.']);
    expect(deletionBlockers(phases(), { phaseId: 'b' })).toEqual([]);
    expect(deletionBlockers(phases(), { phaseId: 'a', itemId: 'a2' })).toHaveLength(1);
  });

  it('bounds auto-reset, lists completable earlier items and the conditional targets left', () => {
    expect(resetBounds(phases(), { phaseId: 'a', itemId: 'a1' })).toEqual({ allBefore: false, allAfter: true });
    expect(resetBounds(phases(), { phaseId: 'b', itemId: 'b1' })).toEqual({ allBefore: true, allAfter: false });
    const withConditions = phases();
    withConditions[0]!.items = [item('a1', { conditionalVisibility: [{ phaseId: 'b', itemId: 'b1' }] }), item('a2')];
    expect(allPreviousCompletable(withConditions, { phaseId: 'b', itemId: 'b1' })).toEqual([{ phaseId: 'a', itemId: 'a2' }]);
    expect(conditionalTargets(phases(), { phaseId: 'a', itemId: 'a1' }, [{ phaseId: 'b', itemId: 'b1' }])).toEqual([{ phaseId: 'a', itemId: 'a2' }]);
  });

  it('numbers custom equipment statuses from 3 plus their position', () => {
    expect(equipmentStatusOptions(['In repair', 'Hired out'])).toEqual([
      { value: 2, label: 'Unavailable' },
      { value: 3, label: 'Available' },
      { value: 4, label: 'In repair' },
      { value: 5, label: 'Hired out' },
    ]);
    expect(customStatusesAgree([['A'], ['A']])).toBe(true);
    expect(customStatusesAgree([['A'], ['B']])).toBe(false);
  });

  it('reads a project’s custom equipment statuses from its CustomEquipmentStatus config, none without it', () => {
    const config = (value: unknown) => ({
      configs: [
        {
          property: 'CustomEquipmentStatus',
          parameters: [
            { name: 'Other', value: ['X'] },
            { name: 'Statuses', value },
          ],
        },
      ],
    });
    expect(customEquipmentStatuses(config(['Standby', 'Repair']))).toEqual(['Standby', 'Repair']);
    expect(customEquipmentStatuses(config([{ name: 'Standby' }, 7, null]))).toEqual(['Standby']);
    expect(customEquipmentStatuses(config('Standby'))).toEqual([]);
    expect(customEquipmentStatuses(null)).toEqual([]);
    expect(equipmentStatusOptions(customEquipmentStatuses(config(['Standby']))).at(-1)).toEqual({ value: 4, label: 'Standby' });
  });

  it('blocks adding projects with a Geo trigger and removing the last with an equipment status', () => {
    const geo = phases();
    geo[0]!.items = [item('a1', { triggers: [{ triggerType: 1, siteID: 4 }] })];
    expect(projectChangeError(geo, [2], [2, 3])).toBe(WorkflowMessages.geoTriggerBlocksProjects);
    expect(projectChangeError(geo, [2, 3], [2])).toBeNull();
    const status = phases();
    status[0]!.items = [item('a1', { itemStateFromEquipmentStatus: [{ progressState: 0, equipmentStatusState: 3 }] })];
    expect(projectChangeError(status, [2], [])).toBe(WorkflowMessages.equipmentStatusBlocksRemoval);
  });

  it('spreads weights evenly to exactly 100', () => {
    for (const n of [1, 3, 6, 7, 25]) expect(sumsTo100(spreadEvenly(n))).toBe(true);
    expect(spreadEvenly(3)).toEqual([33.3333, 33.3333, 33.3334]);
  });

  it('copies with new GUIDs, cleared e-mails and every link re-mapped', () => {
    let n = 0;
    const source = phases();
    source[0]!.items = [{ ...source[0]!.items[0]!, emails: ['a@example.com'] }, source[0]!.items[1]!];
    const copy = copyPhases(source, () => `new-${++n}`);
    const ids = copy.flatMap((p) => [p.phaseId, ...p.items.map((i) => i.itemId)]);
    expect(ids.every((id) => id.startsWith('new-'))).toBe(true);
    const [install, test] = copy;
    expect(install!.items[1]!.preRequisite).toEqual({ phaseId: install!.phaseId, itemId: install!.items[0]!.itemId });
    expect(test!.items[0]!.complete).toEqual([{ phaseId: install!.phaseId, itemId: install!.items[1]!.itemId }]);
    expect(install!.items[0]!.emails).toEqual([]);
    const single = copyPhaseInto(source[1]!, () => `one-${++n}`);
    expect(single.items[0]!.complete).toEqual([]);
  });
});

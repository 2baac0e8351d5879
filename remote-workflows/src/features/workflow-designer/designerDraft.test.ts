import { WorkflowMessages as M } from 'contracts/workflows';
import { detail, guids, I1, I2, I3, KEY, P1, P2, phases } from './designer.testing';
import {
  copyDraft,
  draftProblems,
  draftReducer,
  emailTagError,
  emptyDraft,
  newItem,
  newPhase,
  savedDraft,
  savePlan,
  weightError,
  type WorkflowDraft,
} from './designerDraft';

const draft = (): WorkflowDraft => ({ name: 'Install panels', projectIds: [2, 4], relatedKey: KEY, phases: phases() });
const names = (d: WorkflowDraft) => d.phases.map((phase) => `${phase.phaseName}: ${phase.items.map((item) => item.itemName).join(', ')}`);

describe('the designer’s draft', () => {
  it('starts a saved workflow from its copies’ projects, a new one empty, with the spec’s defaults for new phases and items', () => {
    expect(savedDraft(detail())).toMatchObject({ name: 'Install panels', projectIds: [2, 4], relatedKey: KEY });
    expect(emptyDraft(guids())).toEqual({ name: '', projectIds: [], relatedKey: '00000000-0000-4000-8000-000000000001', phases: [] });
    expect(newPhase('Paint', 'x')).toMatchObject({ phaseName: 'Paint', color: '#FCC400', phaseWeight: 0, items: [] });
    expect(newItem('Prime', 'y')).toMatchObject({
      itemType: 2,
      itemWeight: 0,
      requirements: [],
      triggers: [],
      conditionalVisibility: [],
      itemStateFromEquipmentStatus: [],
      equipmentStatus: { progressState: 0, equipmentStatusState: null },
      emails: [],
    });
  });

  it('adds, renames, reorders and deletes phases and items, keeping every untouched phase the same object', () => {
    const start = draft();
    let next = draftReducer(start, { type: 'addPhase', phase: newPhase('Paint', 'p3') });
    next = draftReducer(next, { type: 'addItem', phaseId: 'p3', item: newItem('Prime', 'i9') });
    next = draftReducer(next, { type: 'updatePhase', phaseId: P2, patch: { phaseName: 'Commission' } });
    expect(names(next)).toEqual(['Install: Mount, Wire', 'Commission: Power on', 'Paint: Prime']);
    expect(next.phases[0]).toBe(start.phases[0]);

    next = draftReducer(next, { type: 'movePhase', from: 2, to: 0 });
    next = draftReducer(next, { type: 'moveItem', phaseId: P1, from: 1, to: 0 });
    expect(names(next)).toEqual(['Paint: Prime', 'Install: Wire, Mount', 'Commission: Power on']);

    next = draftReducer(next, { type: 'removeItem', phaseId: P1, itemId: I1 });
    next = draftReducer(next, { type: 'removePhase', phaseId: 'p3' });
    expect(names(next)).toEqual(['Install: Wire', 'Commission: Power on']);
  });

  it('sets the weights a modal applied, and an item the panel changed', () => {
    let next = draftReducer(draft(), { type: 'phaseWeights', weights: { [P1]: 33.3333, [P2]: 66.6667 } });
    next = draftReducer(next, { type: 'itemWeights', phaseId: P1, weights: { [I1]: 25, [I2]: 75 } });
    expect(next.phases.map((phase) => phase.phaseWeight)).toEqual([33.3333, 66.6667]);
    expect(next.phases[0]!.items.map((item) => item.itemWeight)).toEqual([25, 75]);
    const changed = { ...next.phases[1]!.items[0]!, itemType: 1 };
    next = draftReducer(next, { type: 'replaceItem', phaseId: P2, item: changed });
    expect(next.phases[1]!.items[0]).toBe(changed);
  });

  it('saves a copy per project: the live copy’s id, 0 for a project new to the workflow, and archives the copies of projects taken off', () => {
    const copies = detail().copies;
    const plan = savePlan({ ...draft(), projectIds: [2, 9] }, copies, 2);
    expect(plan.projectId).toBe(2);
    expect(plan.bodies.map((body) => [body.projectId, body.workflowId, body.workflowRelatedKey, body.name])).toEqual([
      [2, 7, KEY, 'Install panels'],
      [9, 0, KEY, 'Install panels'],
    ]);
    expect(plan.archive).toEqual([8]);
    // The phases go as the editor holds them, without the editor's own flag.
    expect(plan.bodies[0]!.workflowData.phases[0]).not.toHaveProperty('new');
    // The page's project taken off: the call goes to the first project chosen.
    expect(savePlan({ ...draft(), projectIds: [4] }, copies, 2)).toMatchObject({ projectId: 4, archive: [7] });
  });

  it('lists every message the save rules give, naming the phase or item, and one for no project', () => {
    const broken = draftReducer(draft(), { type: 'updatePhase', phaseId: P2, patch: { phaseName: 'Install', phaseWeight: 30 } });
    const withItem = draftReducer(broken, { type: 'addItem', phaseId: P1, item: newItem('Mount', 'c4d2e1b3-4e5f-4061-9b7c-8d9e0f1a2b3f') });
    const problems = draftProblems({ ...withItem, name: ' ', projectIds: [] }, savePlan({ ...withItem, projectIds: [] }, [], null));
    expect(problems).toEqual(
      expect.arrayContaining([
        { target: 'projects', where: 'Projects', message: M.projectsRequired },
        { target: 'name', where: 'Workflow', message: M.nameRequired },
        { target: 'phases', where: 'Workflow', message: M.phaseNameUnique },
        { target: `phase:${P1}`, where: 'Phase Install', message: M.itemNameUnique },
      ]),
    );
    expect(draftProblems(draft(), savePlan(draft(), [], null))).toEqual([]);
    const off = draftReducer(draft(), { type: 'phaseWeights', weights: { [P1]: 50 } });
    expect(draftProblems(off, savePlan(off, [], null))).toEqual([{ target: 'phases', where: 'Workflow', message: M.phaseWeightsSum }]);
    const item = draftReducer(draft(), { type: 'replaceItem', phaseId: P2, item: { ...phases()[1]!.items[0]!, itemName: '' } });
    expect(draftProblems(item, savePlan(item, [], null))).toEqual([
      { target: `item:${P2}/${I3}`, where: 'Phase Test › Item 1 (no name)', message: M.itemNameRequired },
    ]);
  });

  it('copies with new GUIDs for the related key, every phase and item, e-mails cleared and links re-mapped; no project, the name kept', () => {
    const copy = copyDraft(detail(), guids());
    expect(copy.name).toBe('Install panels');
    expect(copy.projectIds).toEqual([]);
    expect(copy.relatedKey).not.toBe(KEY);
    const ids = copy.phases.flatMap((phase) => [phase.phaseId, ...phase.items.map((item) => item.itemId)]);
    expect(ids.filter((id) => [P1, P2, I1, I2, I3].includes(id))).toEqual([]);
    expect(new Set([...ids, copy.relatedKey]).size).toBe(6);
    const [install, test] = copy.phases;
    expect(install!.items[0]!.emails).toEqual([]);
    expect(install!.items[1]!.preRequisite).toEqual({ phaseId: install!.phaseId, itemId: install!.items[0]!.itemId });
    expect(test!.items[0]!.complete).toEqual([{ phaseId: install!.phaseId, itemId: install!.items[1]!.itemId }]);
  });

  it('checks a weight typed (0 to 100) and an e-mail tag (valid, new, at most 10)', () => {
    expect(weightError('50.5', M.phaseWeightMin, M.phaseWeightMax)).toBeNull();
    expect(weightError('', M.phaseWeightMin, M.phaseWeightMax)).toBe(M.phaseWeightMin);
    expect(weightError('-1', M.phaseWeightMin, M.phaseWeightMax)).toBe(M.phaseWeightMin);
    expect(weightError('100.01', M.itemWeightMin, M.itemWeightMax)).toBe(M.itemWeightMax);
    expect(emailTagError('not an address', [])).toBe(M.emailInvalid);
    expect(emailTagError('Site@Example.com', ['site@example.com'])).toBe(M.emailDuplicate);
    const ten = Array.from({ length: 10 }, (_, n) => `u${n}@example.com`);
    expect(emailTagError('new@example.com', ten)).toBe(M.emailLimit);
    expect(emailTagError('new@example.com', ten.slice(1))).toBeNull();
  });
});

import { PreservationMessages, type Preservation } from 'contracts/workflows';
import { copiesOf, draftErrors, draftOf, moveStep, newDraft, newStep } from './preservationDraft';

const KEY = 'a1b2c3d4-0000-4000-8000-000000000001';
const copy = (id: number, projectId: number): Preservation => ({
  id,
  name: 'Motor upkeep',
  projectId,
  projectName: `P${projectId}`,
  preservationRelatedKey: KEY,
  preservationSteps: [
    { id: 's1', name: 'Inspect', type: 0, interval: 0, intervalUnit: 0 },
    { id: 's2', name: 'Rotate shaft', type: 1, interval: 14, intervalUnit: 0 },
    { id: 's3', name: 'Grease', type: 1, interval: 6, intervalUnit: 1 },
  ],
});

describe('the preservation draft', () => {
  it('splits a plan’s steps into initial and recurring lists and saves them back in order, one copy per project', () => {
    const draft = draftOf([copy(7, 2), copy(8, 3)], () => 'k');
    expect(draft.initial.map((s) => s.name)).toEqual(['Inspect']);
    expect(draft.recurring.map((s) => s.name)).toEqual(['Rotate shaft', 'Grease']);
    const moved = { ...draft, recurring: moveStep(draft.recurring, 's3', 's2'), projectIds: [3, 4] };
    const copies = copiesOf(moved);
    expect(copies.map((c) => [c.id, c.projectId])).toEqual([
      [8, 3],
      [undefined, 4],
    ]);
    expect(copies[0]!.preservationSteps.map((s) => s.name)).toEqual(['Inspect', 'Grease', 'Rotate shaft']);
    expect(draftErrors(moved)).toEqual({});
  });

  it('starts empty and names each missing or wrong field with the spec’s messages', () => {
    const draft = newDraft(KEY);
    expect(draftErrors(draft)).toEqual({
      name: PreservationMessages.nameRequired,
      steps: PreservationMessages.stepsRequired,
      projectIds: PreservationMessages.projectsRequired,
    });
    const steps = {
      ...draft,
      name: 'Plan',
      projectIds: [2],
      initial: [newStep('initial', 'a')],
      recurring: [{ ...newStep('recurring', 'b'), name: 'Turn', interval: -1 }],
    };
    expect(draftErrors(steps)).toEqual({
      'initial.0.name': PreservationMessages.stepNameRequired,
      'recurring.0.interval': PreservationMessages.negativeInterval,
    });
  });
});

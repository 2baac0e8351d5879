import * as v from 'valibot';
import { fieldErrors } from 'shared/issues';
import { PreservationBodySchema } from './preservations.forms';
import { PreservationsBulkBodySchema, WorkflowResourceTypesBodySchema, WorkflowsBulkBodySchema } from './workflows.endpoints';
import { WorkflowBodySchema, type WorkflowInput } from './workflows.forms';
import { PreservationMessages, WorkflowMessages } from './workflows.messages';

/** The field messages a schema gives `input`, as a form and the API show them. */
const errorsOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : fieldErrors(result.issues);
};

const P1 = 'b3c1f0a2-3d4e-4f50-8a6b-7c8d9e0f1a2b';
const P2 = 'b3c1f0a2-3d4e-4f50-8a6b-7c8d9e0f1a2c';
const I1 = 'c4d2e1b3-4e5f-4061-9b7c-8d9e0f1a2b3c';
const I2 = 'c4d2e1b3-4e5f-4061-9b7c-8d9e0f1a2b3d';
const I3 = 'c4d2e1b3-4e5f-4061-9b7c-8d9e0f1a2b3e';
const KEY = 'a1b2c3d4-0000-4000-8000-000000000001';

const workflow = (): WorkflowInput => ({
  workflowId: 0,
  name: 'Install panels',
  projectId: 2,
  workflowRelatedKey: KEY,
  workflowData: {
    phases: [
      {
        phaseId: P1,
        phaseName: 'Install',
        color: '#FCC400',
        phaseWeight: 60,
        items: [
          { itemId: I1, itemName: 'Mount', itemWeight: 50, emails: ['site@example.com'] },
          { itemId: I2, itemName: 'Wire', itemWeight: 50, preRequisite: { phaseId: P1, itemId: I1 } },
        ],
      },
      {
        phaseId: P2,
        phaseName: 'Test',
        phaseWeight: 40,
        items: [{ itemId: I3, itemName: 'Power on', itemWeight: 100, complete: [{ phaseId: P1, itemId: I2 }] }],
      },
    ],
  },
});

describe('the workflow body', () => {
  it('takes a workflow whose weights sum to 100, keeping what the editor adds', () => {
    const data = { ...workflow().workflowData, layout: 'wide' };
    const parsed = v.parse(WorkflowBodySchema, { ...workflow(), workflowData: data });
    expect(parsed.workflowType).toBe('progress');
    expect(parsed.workflowData).toMatchObject({ layout: 'wide' });
    expect(parsed.workflowData.phases[0]?.items[0]).toMatchObject({ itemType: 2, reset: [], emails: ['site@example.com'] });
  });

  it('needs a name, a phase, and items in every phase, with the spec’s messages', () => {
    expect(errorsOf(WorkflowBodySchema, { ...workflow(), name: '' })).toEqual({ name: WorkflowMessages.nameRequired });
    expect(errorsOf(WorkflowBodySchema, { ...workflow(), workflowData: { phases: [] } })).toEqual({ 'workflowData.phases': WorkflowMessages.phasesRequired });
    const empty = workflow();
    empty.workflowData.phases[1]!.items = [];
    expect(errorsOf(WorkflowBodySchema, empty)).toEqual({ 'workflowData.phases.1.items': WorkflowMessages.phaseEmpty });
  });

  it('keeps names unique and weights summing to 100', () => {
    const names = workflow();
    names.workflowData.phases[0]!.items[1]!.itemName = 'Mount';
    names.workflowData.phases[1]!.phaseName = 'Install';
    expect(errorsOf(WorkflowBodySchema, names)).toEqual({
      'workflowData.phases.0.items': WorkflowMessages.itemNameUnique,
      'workflowData.phases': WorkflowMessages.phaseNameUnique,
    });
    // One rule with site siblings' (sites.rules.ts): names are the same in any case and spacing.
    const cased = workflow();
    cased.workflowData.phases[0]!.items[1]!.itemName = ' MOUNT';
    cased.workflowData.phases[1]!.phaseName = 'install ';
    expect(errorsOf(WorkflowBodySchema, cased)).toEqual({
      'workflowData.phases.0.items': WorkflowMessages.itemNameUnique,
      'workflowData.phases': WorkflowMessages.phaseNameUnique,
    });
    const weights = workflow();
    weights.workflowData.phases[0]!.phaseWeight = 50;
    weights.workflowData.phases[0]!.items[0]!.itemWeight = 40.00001;
    weights.workflowData.phases[1]!.items[0]!.itemWeight = 101;
    expect(errorsOf(WorkflowBodySchema, weights)).toEqual({
      'workflowData.phases': WorkflowMessages.phaseWeightsSum,
      'workflowData.phases.0.items': WorkflowMessages.itemWeightsSum,
      'workflowData.phases.1.items.0.itemWeight': WorkflowMessages.itemWeightMax,
      'workflowData.phases.1.items': WorkflowMessages.itemWeightsSum,
    });
  });

  it('refuses a link to an item that is not in the workflow, and bad e-mails', () => {
    const link = workflow();
    link.workflowData.phases[1]!.items[0]!.complete = [{ phaseId: P2, itemId: I1 }];
    expect(errorsOf(WorkflowBodySchema, link)).toEqual({ workflowData: WorkflowMessages.linkUnknown });
    const emails = workflow();
    emails.workflowData.phases[0]!.items[0]!.emails = ['a@example.com', 'nope'];
    expect(errorsOf(WorkflowBodySchema, emails)).toEqual({ 'workflowData.phases.0.items.0.emails.1': WorkflowMessages.emailInvalid });
    emails.workflowData.phases[0]!.items[0]!.emails = ['a@example.com', 'A@example.com'];
    expect(errorsOf(WorkflowBodySchema, emails)).toEqual({ 'workflowData.phases.0.items.0.emails': WorkflowMessages.emailDuplicate });
  });

  it('saves one copy per project, all of one workflow', () => {
    expect(errorsOf(WorkflowsBulkBodySchema, [workflow(), { ...workflow(), projectId: 3 }])).toEqual({});
    expect(errorsOf(WorkflowsBulkBodySchema, [])).toEqual({ '': WorkflowMessages.projectsRequired });
    expect(errorsOf(WorkflowsBulkBodySchema, [workflow(), workflow()])).toEqual({ '': WorkflowMessages.copies });
  });
});

describe('the preservation body', () => {
  const preservation = {
    name: 'Motor upkeep',
    projectId: 2,
    preservationRelatedKey: KEY,
    preservationSteps: [
      { name: 'Inspect', type: 0 },
      { name: 'Rotate shaft', type: 1, interval: 14, intervalUnit: 0 },
    ],
  };

  it('needs a name, steps with names and intervals of 0 or more, with the spec’s messages', () => {
    expect(v.parse(PreservationBodySchema, preservation).preservationSteps[0]).toEqual({ name: 'Inspect', type: 0, interval: 0, intervalUnit: 0 });
    expect(errorsOf(PreservationBodySchema, { ...preservation, name: ' ', preservationSteps: [] })).toEqual({
      name: PreservationMessages.nameRequired,
      preservationSteps: PreservationMessages.stepsRequired,
    });
    expect(errorsOf(PreservationBodySchema, { ...preservation, preservationSteps: [{ name: '', type: 1, interval: -1 }] })).toEqual({
      'preservationSteps.0.name': PreservationMessages.stepNameRequired,
      'preservationSteps.0.interval': PreservationMessages.negativeInterval,
    });
    expect(errorsOf(PreservationsBulkBodySchema, [])).toEqual({ '': PreservationMessages.projectsRequired });
  });
});

describe('the resource-type workflow body', () => {
  it('gives a resource type to one workflow per project', () => {
    expect(
      errorsOf(WorkflowResourceTypesBodySchema, [
        { workflowId: 1, resourceTypes: [2, 3] },
        { workflowId: 2, resourceTypes: [4] },
      ]),
    ).toEqual({});
    expect(
      errorsOf(WorkflowResourceTypesBodySchema, [
        { workflowId: 1, resourceTypes: [2, 3] },
        { workflowId: 2, resourceTypes: [3] },
      ]),
    ).toEqual({ '': WorkflowMessages.resourceTypeTaken(3) });
  });
});

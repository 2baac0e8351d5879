import { configAlreadyAssigned, notInASelectedProject, notInSelectedProject, WorkflowMessages } from 'contracts/workflows';
import { freeTypes, planCopy, type OwnerRow } from './resourceLinks';

const equipment = { typeNumber: 1, typeName: 'Equipment' };
const material = { typeNumber: 2, typeName: 'Material' };
const adjustment = { typeNumber: 707, typeName: 'Adjustment' };
const row = (ownerId: number, name: string, projectId: number, relatedKey: string, resourceTypes = [] as OwnerRow['resourceTypes']): OwnerRow => ({
  ownerId,
  name,
  projectId,
  relatedKey,
  resourceTypes,
});
const target = (projectId: number, rows: OwnerRow[]) => ({ projectId, projectName: `Project ${projectId}`, rows });

describe('planCopy', () => {
  const source = [row(1, 'Steel', 10, 'k-steel', [equipment, material]), row(2, 'Receiving', 10, 'k-recv', [adjustment])];

  it('copies each row to its owner’s copy in the project, refusing a missing owner and a type that follows another owner', () => {
    const plan = planCopy('preservations', source, [target(20, [row(11, 'Steel', 20, 'k-steel'), row(12, 'Other', 20, 'k-other', [material])])]);
    expect(plan.targets).toEqual([{ projectId: 20, links: [{ ownerId: 11, typeNumbers: [1] }] }]);
    expect(plan.errors).toEqual([configAlreadyAssigned('Material'), notInSelectedProject('Receiving')]);
    expect(plan.copyable).toBe(1);
  });

  it(
    'words a missing owner as the spec does for its kind, however many projects are chosen: a workflow ' +
      '‘in a selected project’, a preservation ‘in selected project’',
    () => {
      expect(planCopy('workflows', source, [target(20, [])]).errors).toEqual([notInASelectedProject('Steel'), notInASelectedProject('Receiving')]);
      const plan = planCopy('preservations', source, [target(20, []), target(30, [row(31, 'Receiving', 30, 'k-recv', [adjustment])])]);
      expect(plan.errors).toEqual([notInSelectedProject('Steel'), notInSelectedProject('Receiving')]);
      expect(plan.targets).toEqual([]);
      expect(plan.copyable).toBe(0);
    },
  );

  it('says, per chosen project, why each row gives it nothing: the refusals, and types that already follow the copy there', () => {
    const plan = planCopy('preservations', source, [
      target(20, [row(11, 'Steel', 20, 'k-steel', [equipment, material])]),
      target(30, [row(31, 'Receiving', 30, 'k-recv', [adjustment])]),
    ]);
    expect([plan.copyable, plan.errors]).toEqual([0, [notInSelectedProject('Receiving'), notInSelectedProject('Steel')]]);
    expect(plan.reasons).toEqual([
      {
        projectId: 20,
        projectName: 'Project 20',
        messages: [
          WorkflowMessages.alreadyLinked('Equipment', 'Steel'),
          WorkflowMessages.alreadyLinked('Material', 'Steel'),
          notInSelectedProject('Receiving'),
        ],
      },
      { projectId: 30, projectName: 'Project 30', messages: [notInSelectedProject('Steel'), WorkflowMessages.alreadyLinked('Adjustment', 'Receiving')] },
    ]);
  });

  it('offers only the types that follow no owner of the project', () => {
    expect(freeTypes([equipment, material, adjustment], source)).toEqual([]);
    expect(freeTypes([equipment, material, adjustment], [source[1]!])).toEqual([equipment, material]);
  });
});

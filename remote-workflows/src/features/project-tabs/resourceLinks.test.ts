import { configAlreadyAssigned, notInASelectedProject, notInSelectedProject } from 'contracts/workflows';
import { freeTypes, planCopy, type OwnerRow } from './resourceLinks';

const equipment = { typeNumber: 1, typeName: 'Equipment' };
const material = { typeNumber: 2, typeName: 'Material' };
const adjustment = { typeNumber: 707, typeName: 'Adjustment' };
const row = (ownerId: number, name: string, projectId: number, relatedKey: string, resourceTypes = [] as OwnerRow['resourceTypes']): OwnerRow => ({ ownerId, name, projectId, relatedKey, resourceTypes });

describe('planCopy', () => {
  const source = [row(1, 'Steel', 10, 'k-steel', [equipment, material]), row(2, 'Receiving', 10, 'k-recv', [adjustment])];

  it('copies each row to its owner’s copy in the project, refusing a missing owner and a type that follows another owner', () => {
    const plan = planCopy(source, [{ projectId: 20, rows: [row(11, 'Steel', 20, 'k-steel'), row(12, 'Other', 20, 'k-other', [material])] }]);
    expect(plan.targets).toEqual([{ projectId: 20, links: [{ ownerId: 11, typeNumbers: [1] }] }]);
    expect(plan.errors).toEqual([configAlreadyAssigned('Material'), notInSelectedProject('Receiving')]);
    expect(plan.copyable).toBe(1);
  });

  it('says ‘a selected project’ when several are chosen, and copies nothing where nothing can go', () => {
    const plan = planCopy(source, [
      { projectId: 20, rows: [] },
      { projectId: 30, rows: [row(31, 'Receiving', 30, 'k-recv', [adjustment])] },
    ]);
    expect(plan.errors).toEqual([notInASelectedProject('Steel'), notInASelectedProject('Receiving')]);
    expect(plan.targets).toEqual([]);
    expect(plan.copyable).toBe(0);
  });

  it('offers only the types that follow no owner of the project', () => {
    expect(freeTypes([equipment, material, adjustment], source)).toEqual([]);
    expect(freeTypes([equipment, material, adjustment], [source[1]!])).toEqual([equipment, material]);
  });
});

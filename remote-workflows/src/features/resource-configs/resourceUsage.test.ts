import type { WorkflowResourceTypes } from 'contracts/workflows';
import { resourceUsage } from './resourceUsage';

const types = [
  { typeNumber: 1, typeName: 'Equipment' },
  { typeNumber: 2, typeName: 'Material' },
  { typeNumber: 707, typeName: 'Adjustment' },
];
const row = (workflowId: number, name: string, projectId: number, typeNumbers: number[]): WorkflowResourceTypes => ({
  workflowId,
  name,
  projectId,
  projectName: `Project ${projectId}`,
  archiveErrors: [],
  resourceTypes: typeNumbers.map((typeNumber) => types.find((t) => t.typeNumber === typeNumber)!),
});

describe('resourceUsage', () => {
  it('counts, per resource type, the projects in which it follows each workflow, and per workflow its projects and links', () => {
    const usage = resourceUsage(types, [row(1, 'Steel', 10, [1, 2]), row(2, 'Steel', 11, [1]), row(3, 'Receiving', 11, [2]), row(4, 'Receiving', 12, [])]);
    expect(usage.types).toEqual([
      { typeNumber: 1, typeName: 'Equipment', projects: 2, workflows: [{ name: 'Steel', projects: 2 }] },
      {
        typeNumber: 2,
        typeName: 'Material',
        projects: 2,
        workflows: [
          { name: 'Receiving', projects: 1 },
          { name: 'Steel', projects: 1 },
        ],
      },
      { typeNumber: 707, typeName: 'Adjustment', projects: 0, workflows: [] },
    ]);
    expect(usage.workflows).toEqual([
      { name: 'Receiving', projects: 2, inUse: 1, links: 1 },
      { name: 'Steel', projects: 2, inUse: 2, links: 3 },
    ]);
    expect(usage.typesMapped).toBe(2);
    expect(usage.projects).toBe(3);
  });
});

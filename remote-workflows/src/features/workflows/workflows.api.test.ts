import type { WorkflowListItem } from 'contracts/workflows';
import { groupByRelatedKey } from './workflows.api';

const workflow = (workflowId: number, projectId: number, relatedKey: string, extra: Partial<WorkflowListItem> = {}): WorkflowListItem => ({
  workflowId,
  name: 'Steel Erection',
  workflowType: 'progress',
  projectId,
  projectName: `Project ${projectId}`,
  workflowRelatedKey: relatedKey,
  isDecommissioned: false,
  decommissionDateTime: null,
  archiveErrors: [],
  ...extra,
});

describe('groupByRelatedKey', () => {
  it('makes one row per related key covering its projects, and hides decommissioned workflows', () => {
    const rows = groupByRelatedKey([
      workflow(1, 4, 'k1'),
      workflow(2, 2, 'k1'),
      workflow(3, 5, 'k2', { name: 'Receiving' }),
      workflow(4, 2, 'k3', { isDecommissioned: true }),
    ]);
    expect(rows.map((r) => [r.name, r.projectIds, r.projectNames])).toEqual([
      ['Steel Erection', '2, 4', 'Project 2, Project 4'],
      ['Receiving', '5', 'Project 5'],
    ]);
  });
});

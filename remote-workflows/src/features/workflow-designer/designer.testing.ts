/**
 * What the designer's tests share: a saved workflow as GET workflows/{workflowId} answers it
 * (two phases, three items, a prerequisite and an auto-complete between them), its copies, and
 * the user's projects.
 */
import type { Project } from 'contracts/projects-sites';
import type { Workflow, WorkflowDetail } from 'contracts/workflows';
import type { DraftItem, DraftPhase } from './designer.types';
import { newItem } from './designerDraft';

export const KEY = 'a1b2c3d4-0000-4000-8000-000000000001';
export const P1 = 'b3c1f0a2-3d4e-4f50-8a6b-7c8d9e0f1a2b';
export const P2 = 'b3c1f0a2-3d4e-4f50-8a6b-7c8d9e0f1a2c';
export const I1 = 'c4d2e1b3-4e5f-4061-9b7c-8d9e0f1a2b3c';
export const I2 = 'c4d2e1b3-4e5f-4061-9b7c-8d9e0f1a2b3d';
export const I3 = 'c4d2e1b3-4e5f-4061-9b7c-8d9e0f1a2b3e';

/** GUIDs in order, as crypto.randomUUID would give new ones. */
export function guids(): () => string {
  let n = 0;
  return () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
}

const item = (itemId: string, itemName: string, itemWeight: number, extra: Partial<DraftItem> = {}) => newItem(itemName, itemId, { itemWeight, ...extra });

/** Install (Mount 50, Wire 50 after Mount) and Test (Power on 100, completing Wire). */
export function phases(): DraftPhase[] {
  return [
    {
      phaseId: P1,
      phaseName: 'Install',
      color: '#FCC400',
      phaseWeight: 60,
      new: false,
      items: [item(I1, 'Mount', 50, { emails: ['site@example.com'] }), item(I2, 'Wire', 50, { preRequisite: { phaseId: P1, itemId: I1 } })],
    },
    {
      phaseId: P2,
      phaseName: 'Test',
      color: '#1D4ED8',
      phaseWeight: 40,
      new: false,
      items: [item(I3, 'Power on', 100, { complete: [{ phaseId: P1, itemId: I2 }] })],
    },
  ];
}

export const workflow = (workflowId: number, projectId: number, extra: Partial<Workflow> = {}): Workflow => ({
  workflowId,
  name: 'Install panels',
  workflowType: 'progress',
  projectId,
  projectName: `Project ${projectId}`,
  workflowRelatedKey: KEY,
  isDecommissioned: false,
  decommissionDateTime: null,
  archiveErrors: [],
  workflowData: { phases: phases() },
  ...extra,
});

/** Workflow 7 of project 2, copied to project 4 (workflow 8, followed by resource type Pipe there). */
export function detail(): WorkflowDetail {
  return {
    workflow: workflow(7, 2),
    copies: [
      { workflowId: 7, projectId: 2, projectName: 'Project 2', resourceTypes: [{ typeName: 'Pipe', typeNumber: 12 }] },
      { workflowId: 8, projectId: 4, projectName: 'Project 4', resourceTypes: [] },
    ],
  };
}

export const project = (projectId: number): Project => ({
  projectId,
  name: `Project ${projectId}`,
  description: '',
  licenseId: 2,
  licenseName: 'Northwind',
  environmentId: 1,
  parentProjectId: null,
  rootProjectId: null,
  isActive: true,
  numberOfUsers: 1,
});

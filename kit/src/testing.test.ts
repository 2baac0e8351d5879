/** @jest-environment node */
import { projectsSitesEndpoints } from 'contracts/projects-sites';
import { workflowEndpoints } from 'contracts/workflows';
import { isCall, type SentRequest } from './testing';

const sent = (method: string, path: string): SentRequest => ({ method, path, body: undefined });

describe('isCall', () => {
  it('names a request by the contract’s endpoint: its method, its path template and the parameters asked for', () => {
    const read = sent('GET', 'workflows/7');
    expect(isCall(read, workflowEndpoints.getWorkflow)).toBe(true);
    expect(isCall(read, workflowEndpoints.getWorkflow, { workflowId: 7 })).toBe(true);
    expect(isCall(read, workflowEndpoints.getWorkflow, { workflowId: 8 })).toBe(false);
    expect(isCall(sent('POST', 'workflows/7'), workflowEndpoints.getWorkflow)).toBe(false);
    expect(isCall(sent('GET', 'workflows/7/extra'), workflowEndpoints.getWorkflow)).toBe(false);
    expect(
      isCall(sent('POST', 'project/CustomEquipmentStatus/get-configs'), projectsSitesEndpoints.getConfigsByName, { configName: 'CustomEquipmentStatus' }),
    ).toBe(true);
  });

  it('refuses a parameter the endpoint does not have, so a typo cannot pass silently', () => {
    expect(() => isCall(sent('GET', 'workflows/7'), workflowEndpoints.getWorkflow, { id: 7 })).toThrow("workflows/{workflowId} has no parameter 'id'");
  });
});

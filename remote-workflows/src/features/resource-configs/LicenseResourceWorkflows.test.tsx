import { screen, within } from '@testing-library/react';
import { workflowEndpoints } from 'contracts/workflows';
import { fakeApi, isCall, renderSignedIn, restoreApi } from 'kit/testing';
import { Role } from 'shared';
import LicenseResourceWorkflows from './LicenseResourceWorkflows';

afterEach(restoreApi);

const types = [
  { typeNumber: 1, typeName: 'Equipment' },
  { typeNumber: 707, typeName: 'Adjustment' },
];
const steel = (workflowId: number, projectId: number, resourceTypes: typeof types) => ({
  workflowId,
  name: 'Steel Erection',
  projectId,
  projectName: `P${projectId}`,
  archiveErrors: [],
  resourceTypes,
});

describe('LicenseResourceWorkflows', () => {
  it('reads the licence’s workflows of every project once and shows each type’s workflows and each workflow’s use', async () => {
    const sent = fakeApi((request) => ({ body: isCall(request, workflowEndpoints.getResourceTypes) ? types : [steel(1, 4, [types[0]!]), steel(2, 5, [])] }));
    renderSignedIn(<LicenseResourceWorkflows licenseId={7} />, [Role.ACCESS_MY_CUSTOMER_LICENCE]);
    expect(await screen.findByText('1 of 2 resource types follow a workflow in at least one project; 1 workflow in 2 projects.')).toBeInTheDocument();
    const mapping = screen.getByRole('table', { name: 'Resource type mapping' });
    expect(within(within(mapping).getByRole('row', { name: /Equipment/ })).getByText('Steel Erection · 1 project')).toBeInTheDocument();
    expect(within(within(mapping).getByRole('row', { name: /Adjustment/ })).getByText('No workflow')).toBeInTheDocument();
    const usage = screen.getByRole('table', { name: 'Workflow usage' });
    expect(within(usage).getByRole('row', { name: /Steel Erection/ })).toHaveTextContent('Steel Erection211');
    const call = sent.find((request) => isCall(request, workflowEndpoints.getResourceTypeWorkflows, { projectId: 0 }))!;
    expect(call.query?.get('licenseId')).toBe('7');
    expect(call.body).toEqual([]);
  });

  it('says why when the workflows cannot be read, with Retry', async () => {
    fakeApi((request) => (isCall(request, workflowEndpoints.getResourceTypes) ? { body: types } : { status: 500, body: { Message: 'Database down' } }));
    renderSignedIn(<LicenseResourceWorkflows licenseId={7} />, [Role.ACCESS_MY_CUSTOMER_LICENCE]);
    expect(await screen.findByText('Database down')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

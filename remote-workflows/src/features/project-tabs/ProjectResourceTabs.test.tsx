import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configAlreadyAssigned, notInASelectedProject, PreservationMessages, WorkflowMessages } from 'contracts/workflows';
import { fakeApi, renderSignedIn, restoreApi, type SentRequest } from 'kit/testing';
import { Role } from 'shared';
import ProjectResourceTabs from './ProjectResourceTabs';

afterEach(restoreApi);

const types = [
  { typeNumber: 1, typeName: 'Equipment' },
  { typeNumber: 2, typeName: 'Material' },
  { typeNumber: 707, typeName: 'Adjustment' },
];
const workflow = (workflowId: number, name: string, projectId: number, key: string, resourceTypes: typeof types = [], extra = {}) => ({
  workflowId,
  name,
  projectId,
  projectName: `P${projectId}`,
  archiveErrors: [],
  resourceTypes,
  workflowRelatedKey: key,
  hasProductionItem: false,
  ...extra,
});

const project = (projectId: number, name: string) => ({
  projectId,
  name,
  description: '',
  licenseId: 1,
  licenseName: 'Acme',
  environmentId: null,
  parentProjectId: null,
  rootProjectId: null,
  isActive: true,
  numberOfUsers: 3,
});

/** Project 4 has Steel (Equipment, Material) and Receiving (nothing), plus a Production workflow; project 5 has Steel's copy and Other (Material). */
function api(extra: (request: SentRequest) => { status?: number; body: unknown } | undefined = () => undefined) {
  return fakeApi((request) => {
    const answer = extra(request);
    if (answer) return answer;
    if (request.path === 'Resource/resourceTypesMetaData') return { body: types };
    if (request.path === '4/Resource/resourcetype/workflowIds')
      return {
        body: [
          workflow(1, 'Steel', 4, 'k-steel', [types[0]!, types[1]!]),
          workflow(2, 'Receiving', 4, 'k-recv'),
          workflow(3, 'Fabrication', 4, 'k-fab', [], { hasProductionItem: true }),
        ],
      };
    if (request.path === '5/Resource/resourcetype/workflowIds')
      return { body: [workflow(11, 'Steel', 5, 'k-steel'), workflow(12, 'Other', 5, 'k-other', [types[1]!])] };
    if (request.path === 'projects') return { body: [project(4, 'Tower'), project(5, 'Bridge')] };
    if (request.path === '4/Resource/resourcetype/preservationIds') return { body: [] };
    return { body: { Message: 'Resource types saved.', copied: [], notCopied: [] } };
  });
}

describe('ProjectResourceTabs', () => {
  it('lists each workflow’s resource types and removes one', async () => {
    const sent = api();
    renderSignedIn(<ProjectResourceTabs projectId={4} kind="workflows" />, [Role.ACCESS_MY_CUSTOMER_LICENCE]);
    const steel = await screen.findByRole('row', { name: /Steel/ });
    expect(within(steel).getByText('Equipment')).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Receiving/ })).not.toBeInTheDocument();
    await userEvent.click(within(steel).getByRole('button', { name: 'Remove Equipment from Steel' }));
    expect(sent.find((r) => r.path === '4/Resource/resourcetype/workflows/delete')?.body).toEqual({ workflowId: 1, resourceType: 1 });
  });

  it('adds types to a workflow, offering neither taken types nor a workflow with a Production item', async () => {
    const sent = api();
    renderSignedIn(<ProjectResourceTabs projectId={4} kind="workflows" />, [Role.ACCESS_MY_CUSTOMER_LICENCE]);
    await userEvent.click(await screen.findByRole('button', { name: 'ADD NEW' }));
    const dialog = await screen.findByRole('dialog');
    const select = within(dialog).getByLabelText('Workflow');
    expect(within(select).queryByRole('option', { name: 'Fabrication' })).not.toBeInTheDocument();
    await userEvent.selectOptions(select, 'Receiving');
    expect(within(dialog).queryByLabelText('Equipment (1)')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByLabelText('Adjustment (707)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(sent.find((r) => r.path === '4/Resource/resourcetype/workflow')?.body).toEqual([{ workflowId: 2, resourceTypes: [707] }]);
  });

  it('copies to another project: lists what cannot go, and Continue saves the rest with partial', async () => {
    const sent = api();
    renderSignedIn(<ProjectResourceTabs projectId={4} kind="workflows" />, [Role.ACCESS_MY_CUSTOMER_LICENCE]);
    await userEvent.click(await screen.findByRole('button', { name: 'Copy to another project' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.click(await within(dialog).findByLabelText('Bridge (5)'));
    expect(await within(dialog).findByText(configAlreadyAssigned('Material'))).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const saved = sent.find((r) => r.path === '5/Resource/resourcetype/workflow')!;
    expect(saved.body).toEqual([{ workflowId: 11, resourceTypes: [1] }]);
    expect(saved.query?.get('partial')).toBe('true');
  });

  it('words a workflow missing in the chosen project as the spec does for workflows: ‘is not in a selected project’', async () => {
    api((request) => (request.path === '5/Resource/resourcetype/workflowIds' ? { body: [workflow(12, 'Other', 5, 'k-other', [types[1]!])] } : undefined));
    renderSignedIn(<ProjectResourceTabs projectId={4} kind="workflows" />, [Role.ACCESS_MY_CUSTOMER_LICENCE]);
    await userEvent.click(await screen.findByRole('button', { name: 'Copy to another project' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByLabelText('Bridge (5)'));
    expect(await within(dialog).findByText('Steel is not in a selected project')).toBeInTheDocument();
    expect(notInASelectedProject('Steel')).toBe('Steel is not in a selected project');
  });

  it('says why nothing can be copied, per project and row: a preservation’s types already follow its copy there', async () => {
    const plan = (preservationId: number, projectId: number) => ({
      preservationId,
      name: 'Motor upkeep',
      projectId,
      preservationRelatedKey: 'k-plan',
      resourceTypes: [types[0]!],
    });
    api((request) => {
      if (request.path === '4/Resource/resourcetype/preservationIds') return { body: [plan(21, 4)] };
      if (request.path === '5/Resource/resourcetype/preservationIds') return { body: [plan(22, 5)] };
      return undefined;
    });
    renderSignedIn(<ProjectResourceTabs projectId={4} kind="preservations" />, [Role.ACCESS_MY_CUSTOMER_LICENCE]);
    await userEvent.click(await screen.findByRole('button', { name: 'Copy to another project' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByLabelText('Bridge (5)'));
    const why = await within(dialog).findByRole('alert');
    expect(why).toHaveTextContent('Nothing can be copied.');
    expect(within(why).getByRole('list', { name: 'Bridge (5)' })).toHaveTextContent(WorkflowMessages.alreadyLinked('Equipment', 'Motor upkeep'));
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('disables ADD NEW for preservations when the project has none, saying why', async () => {
    api();
    renderSignedIn(<ProjectResourceTabs projectId={4} kind="preservations" />, [Role.ACCESS_MY_CUSTOMER_LICENCE]);
    expect(await screen.findByText(PreservationMessages.addPreservationsFirst)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ADD NEW' })).toBeDisabled();
  });
});

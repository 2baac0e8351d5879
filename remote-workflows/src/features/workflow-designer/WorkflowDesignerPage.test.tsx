import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { WorkflowMessages as M, type WorkflowInput, workflowEndpoints } from 'contracts/workflows';
import { projectsSitesEndpoints } from 'contracts/projects-sites';
import { fakeApi, renderSignedIn, restoreApi, testQueryClient, type FakeReply, type SentRequest, isCall } from 'kit/testing';
import { notify, Role } from 'shared';
import { detail, I1, I2, KEY, P1, phases, project, workflow } from './designer.testing';
import WorkflowDesignerPage from './WorkflowDesignerPage';

let sent: SentRequest[] = [];

/** Another workflow the user sees, whose phase Paint may be added as an existing phase. */
const PAINT = 'b3c1f0a2-3d4e-4f50-8a6b-7c8d9e0f1a99';
const paintItems = phases()[0]!.items.map((item) => ({ ...item, preRequisite: item.preRequisite ? { ...item.preRequisite, phaseId: PAINT } : null }));
const other = workflow(20, 9, {
  name: 'Coatings',
  workflowRelatedKey: 'a1b2c3d4-0000-4000-8000-000000000002',
  workflowData: { phases: [{ ...phases()[0]!, phaseId: PAINT, phaseName: 'Paint', items: paintItems }] },
});

function serve(
  save: (body: WorkflowInput[]) => FakeReply = (body) => ({
    body: body.map((copy, n) => workflow(copy.workflowId || 30 + n, copy.projectId, { name: copy.name })),
  }),
) {
  sent = fakeApi((request) => {
    const { method, path, body } = request;
    if (isCall(request, workflowEndpoints.getWorkflow, { workflowId: 7 })) return { body: detail() };
    if (isCall(request, workflowEndpoints.getWorkflow, { workflowId: 99 })) return { status: 404, body: { Message: 'Workflow not found.' } };
    if (isCall(request, projectsSitesEndpoints.getProjects)) return { body: [project(2), project(4), project(9)] };
    if (isCall(request, workflowEndpoints.getWorkflows, { projectId: 0 })) return { body: [workflow(7, 2), workflow(8, 4), other] };
    // The server's answer for workflow 7's Add Phase: the other workflows' phases, its own copies left out.
    if (isCall(request, workflowEndpoints.getExistingPhases)) return { body: [other] };
    if (isCall(request, workflowEndpoints.saveWorkflowsBulk)) return save(body as WorkflowInput[]);
    if (isCall(request, projectsSitesEndpoints.getConfigsByName, { configName: 'CustomEquipmentStatus' })) return { body: [] };
    return { status: 404, body: { Message: `Not served: ${method} ${path}` } };
  });
}

function renderAt(path: string, roles: readonly string[] = [Role.ADMINISTER_WORKFLOW, Role.EDIT_WORKFLOW]) {
  window.history.replaceState(null, '', path);
  const router = createBrowserRouter([
    { path: '/workflow/new', element: <WorkflowDesignerPage /> },
    { path: '/workflow/:projectId/:id/view', element: <WorkflowDesignerPage /> },
    { path: '/workflow', element: <p>The workflow list</p> },
  ]);
  return { router, ...renderSignedIn(<RouterProvider router={router} />, roles, testQueryClient()) };
}

const phaseCard = (name: string) => screen.getByRole('region', { name: `Phase ${name}` });
const bulkCalls = () => sent.filter((request) => isCall(request, workflowEndpoints.saveWorkflowsBulk));

describe('WorkflowDesignerPage', () => {
  let success: jest.SpyInstance;
  let failure: jest.SpyInstance;
  beforeEach(() => {
    success = jest.spyOn(notify, 'success').mockImplementation(() => '');
    failure = jest.spyOn(notify, 'error').mockImplementation(() => '');
  });
  afterEach(() => {
    cleanup();
    restoreApi();
    jest.restoreAllMocks();
  });

  it('opens a saved workflow: its name, projects, phases in order with their items, and the live weight sums', async () => {
    serve();
    renderAt('/workflow/2/7/view');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Workflow' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Workflow name/ })).toHaveValue('Install panels');
    expect(await screen.findByRole('checkbox', { name: 'Project 2 (2)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Project 4 (4)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Project 9 (9)' })).not.toBeChecked();
    expect(
      within(phaseCard('Install'))
        .getAllByRole('button', { pressed: false })
        .map((button) => button.textContent),
    ).toEqual(['Mount', 'Wire']);
    expect(screen.getByText('Phases 100 / 100')).toBeInTheDocument();

    await userEvent.clear(screen.getByRole('spinbutton', { name: 'Phase 1 weight' }));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Phase 1 weight' }), '50');
    expect(screen.getByText('Phases 90 / 100')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Phase 1 weight' }), '0');
    expect(screen.getByRole('spinbutton', { name: 'Phase 1 weight' })).toHaveAccessibleDescription(M.phaseWeightMax);
    // The History tab is there for a saved workflow.
    expect(screen.getByRole('tab', { name: 'History' })).toBeInTheDocument();
  });

  it('adds a new phase and an item to it, refuses a phase name already used (in any case), and opens the new item’s panel', async () => {
    serve();
    renderAt('/workflow/2/7/view');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Phase' }));
    let dialog = screen.getByRole('dialog', { name: 'Add Phase' });
    // 'Install' is taken: names compare trimmed and in any case, as site siblings do.
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Phase name/ }), 'INSTALL');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add phase' }));
    expect(within(dialog).getByRole('textbox', { name: /Phase name/ })).toHaveAccessibleDescription(expect.stringContaining(M.phaseNameUnique));
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /Phase name/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Phase name/ }), 'Handover');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add phase' }));
    expect(phaseCard('Handover')).toBeInTheDocument();
    expect(screen.getByLabelText('Phase 3 colour')).toHaveValue('#fcc400');

    await userEvent.click(screen.getByRole('button', { name: 'Add Item to phase Handover' }));
    dialog = screen.getByRole('dialog', { name: /Add item to phase Handover/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add item' }));
    expect(within(dialog).getByRole('textbox', { name: /Item name/ })).toHaveAccessibleDescription(M.itemNameRequired);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Item name/ }), 'Sign off');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Notification e-mails' }), 'not-an-address{Enter}');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(M.emailInvalid);
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Notification e-mails' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Notification e-mails' }), 'pm@example.com{Enter}');
    expect(within(dialog).getByRole('list', { name: 'Notification e-mails' })).toHaveTextContent('pm@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add item' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(phaseCard('Handover')).getByRole('button', { name: 'Sign off', pressed: true })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Item details' })).toHaveTextContent('An item of phase Handover');

    await userEvent.click(screen.getByRole('button', { name: 'Add Item to phase Handover' }));
    dialog = screen.getByRole('dialog', { name: /Add item to phase Handover/ });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Item name/ }), 'sign OFF');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add item' }));
    expect(within(dialog).getByRole('textbox', { name: /Item name/ })).toHaveAccessibleDescription(M.itemNameUnique);
  });

  it('adds an existing phase of another workflow, copied with new GUIDs, offering only names not in the workflow', async () => {
    serve();
    renderAt('/workflow/2/7/view');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Phase' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Phase' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Existing phase' }));
    const choice = await within(dialog).findByRole('combobox', { name: /Existing phase/ });
    await waitFor(() =>
      expect(
        within(choice)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Select an option...', 'Paint (2 items, from Coatings)']),
    );
    await userEvent.selectOptions(choice, 'Paint (2 items, from Coatings)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add phase' }));
    expect(
      within(phaseCard('Paint'))
        .getAllByRole('button', { pressed: false })
        .map((button) => button.textContent),
    ).toEqual(['Mount', 'Wire']);
    // It comes with its weight: 0 keeps the phases at 100. Saved, the copy has GUIDs of its own.
    expect(screen.getByText('Phases 160 / 100')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('spinbutton', { name: 'Phase 3 weight' }));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Phase 3 weight' }), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(bulkCalls()).toHaveLength(1));
    const paint = (bulkCalls()[0]!.body as WorkflowInput[])[0]!.workflowData.phases[2]!;
    expect(paint.phaseName).toBe('Paint');
    expect([paint.phaseId, ...paint.items.map((item) => item.itemId)].filter((id) => [P1, I1, I2, PAINT].includes(id))).toEqual([]);
    expect(paint.items[1]!.preRequisite).toEqual({ phaseId: paint.phaseId, itemId: paint.items[0]!.itemId });
  });

  it('refuses to delete an item or a phase another item links to, saying who links; deletes one nothing links to', async () => {
    serve();
    renderAt('/workflow/2/7/view');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete item Mount' }));
    const dialog = screen.getByRole('dialog', { name: 'Item Mount cannot be deleted' });
    expect(dialog).toHaveTextContent(M.deleteBlocked);
    expect(dialog).toHaveTextContent('It is the prerequisite of Install › Wire.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete phase Install' }));
    expect(screen.getByRole('dialog', { name: 'Phase Install cannot be deleted' })).toHaveTextContent('Wire is the auto-complete target of Test › Power on.');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));

    await userEvent.click(screen.getByRole('button', { name: 'Delete item Power on' }));
    expect(within(phaseCard('Test')).queryByRole('button', { name: 'Power on' })).toBeNull();
    // Now nothing links into Install: it goes, after a confirmation (it has items).
    await userEvent.click(screen.getByRole('button', { name: 'Delete phase Install' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete phase' })).getByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('region', { name: 'Phase Install' })).toBeNull();
  });

  it('checks each weight a weights modal holds, spreads the phase weights evenly and applies them; Cancel leaves the weights', async () => {
    serve();
    renderAt('/workflow/2/7/view');
    await userEvent.click(await screen.findByRole('button', { name: 'Item weights of phase Install' }));
    let dialog = screen.getByRole('dialog', { name: 'Item weights of Install' });
    await userEvent.clear(within(dialog).getByRole('spinbutton', { name: 'Mount' }));
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Mount' }), '-2');
    expect(within(dialog).getByRole('spinbutton', { name: 'Mount' })).toHaveAccessibleDescription(M.itemWeightMin);
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(phaseCard('Install')).getAllByText('Weight 50')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Phase weights' }));
    dialog = screen.getByRole('dialog', { name: 'Phase weights' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spread evenly' }));
    expect(within(dialog).getByRole('spinbutton', { name: 'Install' })).toHaveValue(50);
    expect(within(dialog).getByText('Phases 100 / 100')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByRole('spinbutton', { name: 'Test' }));
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Test' }), '40');
    expect(within(dialog).getByText('Phases 90 / 100')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spread evenly' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('spinbutton', { name: 'Phase 1 weight' })).toHaveValue(50);
    expect(screen.getByRole('spinbutton', { name: 'Phase 2 weight' })).toHaveValue(50);
  });

  it(
    'saves every copy in one call: workflowId 0 for a project added, the copy of a project taken off in ' + 'archive, after showing where the change reaches',
    async () => {
      serve();
      const { router } = renderAt('/workflow/2/7/view');
      await userEvent.click(await screen.findByRole('checkbox', { name: 'Project 9 (9)' }));
      await userEvent.click(screen.getByRole('checkbox', { name: 'Project 4 (4)' }));
      await userEvent.type(screen.getByRole('textbox', { name: /Workflow name/ }), ' v2');
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      const reach = screen.getByRole('dialog', { name: 'Save the workflow in these projects?' });
      expect(reach).toHaveTextContent('Project 2');
      expect(reach).toHaveTextContent('Added: the workflow is saved to it as a new copy.');
      expect(reach).toHaveTextContent('Taken off: its copy is archived.');
      expect(bulkCalls()).toHaveLength(0);
      await userEvent.click(within(reach).getByRole('button', { name: 'Continue' }));

      await waitFor(() => expect(success).toHaveBeenCalledWith(M.modified));
      const [call] = bulkCalls();
      expect(call!.path).toBe('2/workflow/bulk');
      expect(call!.query?.get('archive')).toBe('8');
      const body = call!.body as WorkflowInput[];
      expect(body.map((copy) => [copy.projectId, copy.workflowId, copy.name, copy.workflowRelatedKey])).toEqual([
        [2, 7, 'Install panels v2', KEY],
        [9, 0, 'Install panels v2', KEY],
      ]);
      expect(body[0]!.workflowData.phases.map((phase) => phase.phaseId)).toEqual([P1, phases()[1]!.phaseId]);
      await waitFor(() => expect(router.state.location.pathname).toBe('/workflow/2/7/view'));
    },
  );

  it('keeps on the workflow a project whose copy resource types follow, from the copies read with it', async () => {
    serve();
    renderAt('/workflow/2/7/view');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Project 2 (2)' }));
    expect(screen.getByRole('group', { name: /Projects/ })).toHaveTextContent(M.followedByResourceTypes(['Pipe'], 'Project 2'));
    expect(screen.getByRole('checkbox', { name: 'Project 2 (2)' })).toBeChecked();
  });

  it('refuses a save with the rules’ messages first, and keeps every edit when the server refuses it, saying why', async () => {
    serve(() => ({ status: 409, body: { Message: 'Project 9 already has a copy of this workflow.' } }));
    renderAt('/workflow/2/7/view');
    await userEvent.clear(await screen.findByRole('textbox', { name: /Workflow name/ }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Phase 2 name' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('The workflow cannot be saved yet:').closest('[role="alert"]')).toHaveTextContent(M.nameRequired);
    expect(screen.getByText('The workflow cannot be saved yet:').closest('[role="alert"]')).toHaveTextContent(`Phase 2 (no name): ${M.phaseNameRequired}`);
    expect(screen.getByRole('textbox', { name: /Workflow name/ })).toHaveAccessibleDescription(M.nameRequired);
    expect(bulkCalls()).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: /Workflow name/ }), 'Install panels');
    await userEvent.type(screen.getByRole('textbox', { name: 'Phase 2 name' }), 'Commission');
    expect(screen.queryByText('The workflow cannot be saved yet:')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith('Project 9 already has a copy of this workflow.'));
    expect(await screen.findByText(/Nothing was saved; your changes are still here/)).toHaveTextContent('Project 9 already has a copy of this workflow.');
    expect(screen.getByRole('textbox', { name: 'Phase 2 name' })).toHaveValue('Commission');
    expect(success).not.toHaveBeenCalled();
  });

  it('keeps a Geo-trigger workflow to its one project, and a project whose copy cannot be archived on it', async () => {
    const withGeo = detail();
    const geoPhases = phases();
    geoPhases[0]!.items[0]!.triggers = [{ id: 1, triggerType: 1, triggerName: 'Gate', triggerDescription: '', siteID: 5, condition: 1 }];
    withGeo.workflow = workflow(7, 2, { workflowData: { phases: geoPhases } });
    withGeo.copies = [withGeo.copies[0]!];
    sent = fakeApi((request) => {
      if (isCall(request, workflowEndpoints.getWorkflow, { workflowId: 7 })) return { body: withGeo };
      if (isCall(request, projectsSitesEndpoints.getProjects)) return { body: [project(2), project(9)] };
      if (isCall(request, workflowEndpoints.getWorkflows, { projectId: 0 }))
        return { body: [workflow(7, 2, { archiveErrors: ['Resource Pipe is in progress on it.'] })] };
      return { status: 404, body: {} };
    });
    renderAt('/workflow/2/7/view');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Project 9 (9)' }));
    expect(screen.getByRole('checkbox', { name: 'Project 9 (9)' })).not.toBeChecked();
    expect(screen.getByRole('group', { name: /Projects/ })).toHaveTextContent(M.geoTriggerBlocksProjects);
    await waitFor(() => expect(sent.some((request) => isCall(request, workflowEndpoints.getWorkflows, { projectId: 0 }))).toBe(true));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Project 2 (2)' }));
    await waitFor(() => expect(screen.getByRole('group', { name: /Projects/ })).toHaveTextContent('Resource Pipe is in progress on it.'));
    expect(screen.getByRole('checkbox', { name: 'Project 2 (2)' })).toBeChecked();
  });

  it('copies a workflow: the name kept, no project, new GUIDs for everything saved, as a new workflow', async () => {
    serve();
    const { router } = renderAt('/workflow/new?id=7&copy=true');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add New Workflow' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Workflow name/ })).toHaveValue('Install panels');
    expect(await screen.findByRole('checkbox', { name: 'Project 2 (2)' })).not.toBeChecked();
    expect(screen.queryByRole('tab', { name: 'History' })).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: /Workflow name/ }), ' (copy)');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Project 9 (9)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(M.saved));
    const body = bulkCalls()[0]!.body as WorkflowInput[];
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({ workflowId: 0, projectId: 9, name: 'Install panels (copy)' });
    expect(body[0]!.workflowRelatedKey).not.toBe(KEY);
    const ids = body[0]!.workflowData.phases.flatMap((phase) => [phase.phaseId, ...phase.items.map((item) => item.itemId)]);
    expect(ids.some((id) => [P1, I1, I2].includes(id))).toBe(false);
    expect(body[0]!.workflowData.phases[0]!.items[0]!.emails).toEqual([]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/workflow/9/30/view'));
  });

  it('says there is no project access for a workflow the API does not show', async () => {
    serve();
    renderAt('/workflow/2/99/view');
    expect(await screen.findByText(M.noProjectAccess)).toBeInTheDocument();
  });
});

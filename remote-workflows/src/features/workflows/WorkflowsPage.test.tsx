import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { Project } from 'contracts/projects-sites';
import { WorkflowMessages as M, type WorkflowListItem, workflowEndpoints } from 'contracts/workflows';
import { projectsSitesEndpoints } from 'contracts/projects-sites';
import { fakeApi, renderSignedIn, restoreApi, testQueryClient, type FakeReply, type SentRequest, isCall } from 'kit/testing';
import { notify, Role } from 'shared';
import WorkflowsPage from './WorkflowsPage';

const project = (projectId: number): Project => ({
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

const workflow = (workflowId: number, projectId: number, name: string, relatedKey: string, extra: Partial<WorkflowListItem> = {}): WorkflowListItem => ({
  workflowId,
  name,
  workflowType: 'progress',
  projectId,
  projectName: `Project ${projectId}`,
  workflowRelatedKey: relatedKey,
  isDecommissioned: false,
  decommissionDateTime: null,
  archiveErrors: [],
  ...extra,
});

/** Steel Erection in projects 4 and 2, Receiving in 5 (in use), an archived one in 3. */
const WORKFLOWS = [
  workflow(11, 4, 'Steel Erection', 'k1'),
  workflow(12, 2, 'Steel Erection', 'k1'),
  workflow(13, 5, 'Receiving', 'k2', { archiveErrors: ['Resource type Pipe follows it in Project 5.'] }),
  workflow(14, 3, 'Old', 'k3', { isDecommissioned: true }),
];

let sent: SentRequest[] = [];

function serve({
  projects = [project(2), project(4), project(5)],
  validate = () => ({ body: { archiveErrorsByWorkflowId: {} } }),
}: { projects?: Project[]; validate?: () => FakeReply } = {}) {
  sent = fakeApi((request) => {
    const { method, path, body } = request;
    if (isCall(request, projectsSitesEndpoints.getProjects)) return { body: projects };
    // As the API: the workflows of the projects listed (all for none).
    if (isCall(request, workflowEndpoints.getWorkflows, { projectId: 0 }))
      return { body: WORKFLOWS.filter((w) => (body as number[]).length === 0 || (body as number[]).includes(w.projectId)) };
    if (isCall(request, workflowEndpoints.validateArchive)) return validate();
    if (isCall(request, workflowEndpoints.archiveWorkflows)) return { body: { success: true, message: null } };
    return { status: 404, body: { Message: `Not served: ${method} ${path}` } };
  });
}

function renderList(roles: readonly string[]) {
  window.history.replaceState(null, '', '/workflow');
  const router = createBrowserRouter([
    { path: '/workflow', element: <WorkflowsPage /> },
    { path: '/workflow/new', element: <p>The new workflow</p> },
    { path: '/workflow/:projectId/:id/view', element: <p>The designer</p> },
  ]);
  return { router, ...renderSignedIn(<RouterProvider router={router} />, roles, testQueryClient()) };
}

const BOTH = [Role.ADMINISTER_WORKFLOW, Role.EDIT_WORKFLOW];
const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[2]!.textContent);

describe('WorkflowsPage', () => {
  afterEach(() => {
    cleanup();
    restoreApi();
    jest.restoreAllMocks();
  });

  it('lists one row per related key over its projects, hides archived workflows, and sorts by every column', async () => {
    serve();
    renderList(BOTH);
    await screen.findByRole('row', { name: /Steel Erection/ });
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Project Id', 'Project Name', 'Workflow Name', 'Copy', 'Archive']);
    expect(
      within(screen.getByRole('row', { name: /Steel Erection/ }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 2),
    ).toEqual(['2, 4', 'Project 2, Project 4']);
    expect(screen.queryByText('Old')).toBeNull();
    await userEvent.click(screen.getByRole('columnheader', { name: /Workflow Name/ }));
    expect(names()).toEqual(['Receiving', 'Steel Erection']);
    await userEvent.click(screen.getByRole('columnheader', { name: /Workflow Name/ }));
    expect(names()).toEqual(['Steel Erection', 'Receiving']);
    await userEvent.click(screen.getByRole('columnheader', { name: /Project Id/ }));
    expect(names()).toEqual(['Steel Erection', 'Receiving']);
    await userEvent.click(screen.getByRole('columnheader', { name: /Project Name/ }));
    expect(screen.getByRole('columnheader', { name: /Project Name/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('shows Add Workflow and Copy to ADMINISTER_WORKFLOW only, Archive to EDIT_WORKFLOW only; a row opens its first copy', async () => {
    serve();
    const { router } = renderList([Role.EDIT_WORKFLOW]);
    await screen.findByRole('row', { name: /Steel Erection/ });
    expect(screen.queryByRole('link', { name: 'Add Workflow' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Copy/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Archive Steel Erection' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('cell', { name: 'Project 2, Project 4' }));
    expect(router.state.location.pathname).toBe('/workflow/2/12/view');
    cleanup();

    serve();
    renderList([Role.ADMINISTER_WORKFLOW]);
    await screen.findByRole('row', { name: /Steel Erection/ });
    expect(screen.getByRole('link', { name: 'Add Workflow' })).toHaveAttribute('href', '/workflow/new');
    expect(screen.getByRole('link', { name: 'Copy Steel Erection' })).toHaveAttribute('href', '/workflow/new?id=12&copy=true');
    expect(screen.queryByRole('button', { name: /Archive/ })).toBeNull();
  });

  it('opens the reasons of cannot archive from a real button (keyboard, click or tap), each with a link to where it is fixed', async () => {
    serve();
    renderList(BOTH);
    const button = await screen.findByRole('button', { name: `${M.cannotArchive} Receiving` });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(button).not.toHaveAttribute('aria-disabled');
    act(() => button.focus());
    await userEvent.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Receiving cannot be archived' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['Resource type Pipe follows it in Project 5.']);
    // Where it is fixed: the project's Resource Workflows Config tab (the project view, #workflows).
    expect(within(dialog).getByRole('link', { name: 'Open Project 5’s Resource Workflows Config' })).toHaveAttribute(
      'href',
      '/to/projects-sites/project.view?id=5#workflows',
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
    await userEvent.click(button);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.some((request) => request.path.startsWith('workflow/'))).toBe(false);
  });

  it('archives a row’s copies after a confirmation listing the projects: validated, then archived, and the list read again', async () => {
    serve();
    const success = jest.spyOn(notify, 'success').mockImplementation(() => '');
    renderList(BOTH);
    await userEvent.click(await screen.findByRole('button', { name: 'Archive Steel Erection' }));
    const dialog = screen.getByRole('dialog', { name: 'Archive Steel Erection?' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Project 2 (2)', 'Project 4 (4)']);
    const before = sent.length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(M.archived));
    expect(sent.slice(before).map((request) => [request.path, request.body])).toEqual([
      ['workflow/validateArchive', [12, 11]],
      ['workflow/archive', [12, 11]],
      ['0/workflow/getAll', []],
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the confirmation open with the reasons when validation finds some, archiving nothing', async () => {
    serve({ validate: () => ({ body: { archiveErrorsByWorkflowId: { '11': ['Resource Beam 4 is in progress.'] } } }) });
    renderList(BOTH);
    await userEvent.click(await screen.findByRole('button', { name: 'Archive Steel Erection' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Archive' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('Resource Beam 4 is in progress.');
    expect(sent.some((request) => request.path === 'workflow/archive')).toBe(false);
  });

  it('keeps a shared workflow’s row whole when filtered by one of its projects, and Archive names every project it archives in', async () => {
    serve();
    window.history.replaceState(null, '', '/workflow?projectId=4');
    const router = createBrowserRouter([{ path: '/workflow', element: <WorkflowsPage /> }]);
    renderSignedIn(<RouterProvider router={router} />, BOTH, testQueryClient());
    const row = await screen.findByRole('row', { name: /Steel Erection/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 2),
    ).toEqual(['2, 4', 'Project 2, Project 4']);
    expect(screen.queryByRole('row', { name: /Receiving/ })).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: 'Archive Steel Erection' }));
    const dialog = screen.getByRole('dialog', { name: 'Archive Steel Erection?' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Project 2 (2)', 'Project 4 (4)']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(sent.some((request) => request.path === 'workflow/archive')).toBe(true));
    expect(sent.find((request) => request.path === 'workflow/archive')!.body).toEqual([12, 11]);
  });

  it('marks the copies in a deactivated project, in the row and in Archive’s confirmation', async () => {
    serve();
    WORKFLOWS[1] = { ...WORKFLOWS[1]!, projectIsActive: false };
    try {
      renderList(BOTH);
      const row = await screen.findByRole('row', { name: /Steel Erection/ });
      expect(within(row).getAllByRole('cell')[1]).toHaveTextContent('Project 2 (inactive), Project 4');
      await userEvent.click(within(row).getByRole('button', { name: 'Archive Steel Erection' }));
      expect(
        within(screen.getByRole('dialog'))
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Project 2 (2), inactive', 'Project 4 (4)']);
    } finally {
      WORKFLOWS[1] = { ...WORKFLOWS[1]!, projectIsActive: undefined };
    }
  });

  it('says there is no project access to a user without projects', async () => {
    serve({ projects: [] });
    renderList(BOTH);
    expect(await screen.findByText(M.noProjectAccess)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add Workflow' })).toBeNull();
  });
});

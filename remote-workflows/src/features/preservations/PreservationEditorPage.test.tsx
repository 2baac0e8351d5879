import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PreservationMessages } from 'contracts/workflows';
import { fakeApi, renderSignedIn, restoreApi, type SentRequest } from 'kit/testing';
import { Role } from 'shared';
import PreservationEditorPage from './PreservationEditorPage';

afterEach(restoreApi);

const KEY = 'a1b2c3d4-0000-4000-8000-000000000001';
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
  numberOfUsers: 1,
});
const plan = (id: number, projectId: number) => ({
  id,
  name: 'Motor upkeep',
  projectId,
  projectName: `P${projectId}`,
  preservationRelatedKey: KEY,
  preservationSteps: [
    { id: 's1', name: 'Inspect', type: 0, interval: 0, intervalUnit: 0 },
    { id: 's2', name: 'Rotate shaft', type: 1, interval: 14, intervalUnit: 0 },
    { id: 's3', name: 'Grease', type: 1, interval: 6, intervalUnit: 1 },
  ],
});

function api() {
  return fakeApi((request: SentRequest) => {
    if (request.path === 'projects') return { body: [project(2, 'Tower'), project(3, 'Bridge')] };
    if (request.path === 'preservation/getAll') return { body: { success: true, data: [plan(7, 2)] } };
    if (request.method === 'POST') return { status: 201, body: [{ ...plan(9, 3), name: 'Pump care' }] };
    return { body: { Message: 'Preservation saved' } };
  });
}

function open(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/preservations/:id', element: <PreservationEditorPage /> },
      { path: '/preservation/:projectId/:id/view', element: <PreservationEditorPage /> },
      { path: '/preservations', element: <p>The list</p> },
    ],
    { initialEntries: [path] },
  );
  renderSignedIn(<RouterProvider router={router} />, [Role.ADMINISTER_PRESERVATION]);
  return router;
}

describe('PreservationEditorPage', () => {
  it('starts a new plan empty and shows the spec’s messages on Save, sending nothing until it is valid', async () => {
    const sent = api();
    const router = open('/preservations/new');
    await screen.findByRole('heading', { name: 'New Preservation' });
    await userEvent.click(screen.getByRole('button', { name: 'Add New Step to Recurring steps' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(PreservationMessages.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(PreservationMessages.stepNameRequired)).toBeInTheDocument();
    expect(screen.getByText(PreservationMessages.projectsRequired)).toBeInTheDocument();
    const interval = screen.getByLabelText('Interval');
    await userEvent.clear(interval);
    await userEvent.type(interval, '-2');
    expect(screen.getByText(PreservationMessages.negativeInterval)).toBeInTheDocument();
    expect(sent.filter((r) => r.method !== 'GET' && r.path !== 'preservation/getAll')).toEqual([]);

    await userEvent.clear(interval);
    await userEvent.type(interval, '12');
    await userEvent.type(screen.getByLabelText(/Step Name/), 'Turn shaft');
    await userEvent.type(screen.getByLabelText(/Preservation Name/), 'Pump care');
    await userEvent.click(await screen.findByLabelText('Bridge (3)'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const created = sent.find((r) => r.method === 'POST' && r.path === '3/preservation/bulk')!;
    expect(created.body).toEqual([
      expect.objectContaining({ name: 'Pump care', projectId: 3, preservationSteps: [{ name: 'Turn shaft', type: 1, interval: 12, intervalUnit: 0 }] }),
    ]);
    expect(router.state.location.pathname).toBe('/preservation/3/9/view');
  });

  it('opens a saved plan with its initial and recurring steps, reorders a step by keyboard and saves every copy', async () => {
    const sent = api();
    open('/preservation/2/7/view');
    const recurring = await screen.findByRole('region', { name: 'Recurring steps' });
    expect(
      within(recurring)
        .getAllByLabelText(/Step Name/)
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['Rotate shaft', 'Grease']);
    const handle = within(recurring).getByRole('button', { name: 'Move step Grease' });
    handle.focus();
    await userEvent.keyboard('[Space]');
    await userEvent.keyboard('[ArrowUp]');
    await userEvent.keyboard('[Space]');
    expect(
      within(recurring)
        .getAllByLabelText(/Step Name/)
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['Grease', 'Rotate shaft']);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const saved = sent.find((r) => r.method === 'PUT')!;
    expect(saved.path).toBe('2/preservation/bulk');
    expect((saved.body as { id: number; preservationSteps: { name: string }[] }[])[0]).toMatchObject({
      id: 7,
      preservationSteps: [{ name: 'Inspect' }, { name: 'Grease' }, { name: 'Rotate shaft' }],
    });
  });

  it('says a field’s message once it is left after a change, focuses the first field to fix on Save, and a deleted step takes its messages', async () => {
    api();
    open('/preservations/new');
    await screen.findByRole('heading', { name: 'New Preservation' });
    // Passing through the name without typing says nothing yet.
    await userEvent.click(screen.getByLabelText(/Preservation Name/));
    await userEvent.tab();
    expect(screen.queryByText(PreservationMessages.nameRequired)).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Preservation Name/), 'P');
    await userEvent.clear(screen.getByLabelText(/Preservation Name/));
    await userEvent.tab();
    expect(screen.getByLabelText(/Preservation Name/)).toHaveAccessibleDescription(PreservationMessages.nameRequired);
    await userEvent.type(screen.getByLabelText(/Preservation Name/), 'Pump care');
    expect(screen.queryByText(PreservationMessages.nameRequired)).not.toBeInTheDocument();

    const recurring = screen.getByRole('region', { name: 'Recurring steps' });
    await userEvent.click(screen.getByRole('button', { name: 'Add New Step to Recurring steps' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add New Step to Recurring steps' }));
    await userEvent.type(within(recurring).getAllByLabelText(/Step Name/)[1]!, 'Grease');
    await userEvent.click(await screen.findByLabelText('Bridge (3)'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const names = () => within(recurring).getAllByLabelText(/Step Name/);
    expect(names()[0]).toHaveAccessibleDescription(PreservationMessages.stepNameRequired);
    expect(names()[0]).toHaveFocus();
    expect(names()[1]).not.toHaveAccessibleDescription();
    await userEvent.click(within(recurring).getByRole('button', { name: 'Delete step 1' }));
    expect(names()).toHaveLength(1);
    expect(names()[0]).toHaveValue('Grease');
    expect(screen.queryByText(PreservationMessages.stepNameRequired)).not.toBeInTheDocument();
  });
});

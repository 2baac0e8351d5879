import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PreservationMessages } from 'contracts/workflows';
import { fakeApi, renderSignedIn, restoreApi } from 'kit/testing';
import { Role } from 'shared';
import PreservationsPage from './PreservationsPage';

afterEach(() => {
  restoreApi();
  jest.useRealTimers();
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
  numberOfUsers: 1,
});
const plan = (id: number, projectId: number, key: string, name: string) => ({
  id,
  name,
  projectId,
  projectName: projectId === 2 ? 'Tower' : 'Bridge',
  preservationRelatedKey: key,
  preservationSteps: [],
});

function open(projects = [project(2, 'Tower'), project(3, 'Bridge')]) {
  fakeApi((request) =>
    request.path === 'projects'
      ? { body: projects }
      : { body: { success: true, data: [plan(7, 2, 'k1', 'Motor upkeep'), plan(8, 3, 'k1', 'Motor upkeep'), plan(9, 3, 'k2', 'Pump care')] } },
  );
  const router = createMemoryRouter(
    [
      { path: '/preservations', element: <PreservationsPage /> },
      { path: '/preservation/:projectId/:id/view', element: <p>The plan</p> },
    ],
    { initialEntries: ['/preservations'] },
  );
  renderSignedIn(<RouterProvider router={router} />, [Role.ADMINISTER_PRESERVATION]);
  return router;
}

describe('PreservationsPage', () => {
  it('groups a plan’s copies in one row, filters by project after 200 ms, and opens a plan', async () => {
    const router = open();
    expect(await screen.findByRole('row', { name: /2, 3 Tower, Bridge Motor upkeep/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Preservation' })).toHaveAttribute('href', '/preservations/new');
    jest.useFakeTimers();
    await userEvent.setup({ advanceTimers: jest.advanceTimersByTime }).type(screen.getByLabelText('Filter by project'), 'tower');
    expect(screen.getByRole('row', { name: /Pump care/ })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByRole('row', { name: /Pump care/ })).not.toBeInTheDocument();
    jest.useRealTimers();
    await userEvent.click(screen.getByRole('row', { name: /Motor upkeep/ }));
    expect(router.state.location.pathname).toBe('/preservation/2/7/view');
  });

  it('tells a user without projects to get one assigned', async () => {
    open([]);
    expect(await screen.findByText(PreservationMessages.noProjectAccess)).toBeInTheDocument();
  });
});

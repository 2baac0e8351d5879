import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Project } from 'contracts/projects-sites';
import { Role, useSession } from 'shared';
import { ProjectsTable } from './ProjectsTable';

const project = (projectId: number, name: string, values: Partial<Project> = {}): Project => ({
  projectId,
  name,
  description: `${name} description`,
  licenseId: 2,
  licenseName: 'Northwind',
  environmentId: 1,
  parentProjectId: null,
  rootProjectId: 1,
  isActive: true,
  numberOfUsers: 3,
  ...values,
});

const projects = [project(2, 'Tower A'), project(14, 'Riverside', { isActive: false, description: 'Closed out' })];

describe('ProjectsTable', () => {
  afterEach(() => useSession.setState({ roles: null }));

  it('filters over name, description and id, and badges inactive projects', async () => {
    useSession.setState({ roles: [Role.MENU_ADMIN_TOOL_ACCESS] });
    render(<ProjectsTable projects={projects} loading={false} toolbar={null} />);
    expect(within(await screen.findByRole('row', { name: /Riverside/ })).getByText('Inactive')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'License Name' })).toBeNull();
    await userEvent.type(screen.getByRole('searchbox'), 'closed');
    expect(screen.queryByText('Tower A')).toBeNull();
    await userEvent.clear(screen.getByRole('searchbox'));
    await userEvent.type(screen.getByRole('searchbox'), '14');
    expect(screen.getByText('Riverside')).toBeInTheDocument();
    expect(screen.queryByText('Tower A')).toBeNull();
  });

  it('shows the licence columns to super administrators', async () => {
    useSession.setState({ roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES] });
    render(<ProjectsTable projects={projects} loading={false} toolbar={null} />);
    expect(await screen.findByRole('columnheader', { name: 'License Id' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'License Name' })).toBeInTheDocument();
  });
});

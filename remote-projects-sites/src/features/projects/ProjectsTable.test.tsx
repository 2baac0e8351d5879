import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Project, type ProjectPage } from 'contracts/projects-sites';
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

const page = (items: Project[], total = items.length): ProjectPage => ({ items, total, totalExact: true, page: 0, pageSize: 20 });
const projects = [project(2, 'Tower A'), project(14, 'Riverside', { isActive: false, description: 'Closed out' })];

type Paging = React.ComponentProps<typeof ProjectsTable>['paging'];

const renderTable = async ({ onSearch = jest.fn(), ...paging }: Partial<Paging> & { onSearch?: jest.Mock } = {}) => {
  render(
    <ProjectsTable
      page={page(projects, 45)}
      loading={false}
      paging={{
        pageIndex: 0,
        total: 45,
        totalExact: true,
        onPageChange: jest.fn(),
        sort: { id: 'projectId', desc: false },
        onSortChange: jest.fn(),
        ...paging,
      }}
      search=""
      onSearch={onSearch}
      toolbar={null}
    />,
  );
  await screen.findByRole('table');
};

describe('ProjectsTable', () => {
  afterEach(() => useSession.setState({ roles: null }));

  it('shows the server’s page as given, badges inactive projects and pages by the server’s total', async () => {
    useSession.setState({ roles: [Role.MENU_ADMIN_TOOL_ACCESS] });
    const onPageChange = jest.fn();
    await renderTable({ onPageChange });
    expect(within(screen.getByRole('row', { name: /Riverside/ })).getByText('Inactive')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'License Name' })).toBeNull();
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it('hands the search and a header click to the page, which keeps them in the URL', async () => {
    useSession.setState({ roles: [Role.MENU_ADMIN_TOOL_ACCESS] });
    const onSearch = jest.fn();
    const onSortChange = jest.fn();
    await renderTable({ onSearch, onSortChange });
    await userEvent.type(screen.getByRole('searchbox'), 'c');
    expect(onSearch).toHaveBeenLastCalledWith('c');
    // The server searches: the rows stay as given.
    expect(screen.getByText('Tower A')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('columnheader', { name: /Name/ }));
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'name', desc: false });
  });

  it('shows the licence columns to super administrators', async () => {
    useSession.setState({ roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES] });
    await renderTable();
    expect(screen.getByRole('columnheader', { name: 'License Id' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'License Name' })).toBeInTheDocument();
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { ReportGroup } from 'contracts/licensing';
import { ReportGroupsTable } from './ReportGroupsTable';

const group = (values: Partial<ReportGroup>): ReportGroup => ({
  reportGroupId: 1,
  reportId: 3,
  roleId: 7,
  licenseId: 2,
  projectId: null,
  reportName: 'Progress Summary',
  reportPath: '/Reports/Progress/Summary',
  roleName: 'View Status',
  licenseName: 'Northwind',
  projectName: null,
  ...values,
});

const table = (groups: ReportGroup[], onDelete = jest.fn()) =>
  render(
    <MemoryRouter>
      <ReportGroupsTable groups={groups} loading={false} onDelete={onDelete} />
    </MemoryRouter>,
  );

describe('ReportGroupsTable', () => {
  it("says 'No reports available.' when there are no groups", async () => {
    table([]);
    expect(await screen.findByText('No reports available.')).toBeInTheDocument();
  });

  it('shows the five columns, every licence or project for a null one, and a delete per row', async () => {
    const onDelete = jest.fn();
    table([group({}), group({ reportGroupId: 2, reportName: 'Muster Report', roleName: 'Muster Tool', licenseId: null, licenseName: null })], onDelete);
    const headers = (await screen.findAllByRole('columnheader')).map((header) => header.textContent);
    expect(headers.slice(0, 5)).toEqual(['Report Name', 'Report Path', 'Role', 'License', 'Project']);
    const muster = screen.getByRole('row', { name: /Muster Report/ });
    expect(within(muster).getByText('All licenses')).toBeInTheDocument();
    expect(within(muster).getByText('All projects')).toBeInTheDocument();
    await userEvent.click(within(muster).getByRole('button', { name: 'Delete Muster Report for Muster Tool' }));
    expect(onDelete).toHaveBeenCalledWith(expect.objectContaining({ reportGroupId: 2 }));
  });
});

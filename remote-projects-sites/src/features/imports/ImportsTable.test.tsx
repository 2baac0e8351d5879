import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ImportSystem, type ImportSystemPage } from 'contracts/projects-sites';
import { ImportsTable } from './ImportsTable';

const system = (configId: number, displayName: string, values: Partial<ImportSystem> = {}): ImportSystem => ({
  configId,
  displayName,
  path: `/imports/${displayName.toLowerCase()}`,
  description: `${displayName} from the ERP`,
  active: true,
  isInternal: false,
  projectId: 2,
  ...values,
});
const page = (items: ImportSystem[], total = items.length): ImportSystemPage => ({ items, total, totalExact: true, page: 0, pageSize: 20 });

type Paging = React.ComponentProps<typeof ImportsTable>['paging'];

const renderTable = async (paging: Partial<Paging> = {}, onRowClick = jest.fn()) => {
  render(
    <ImportsTable
      page={page([system(5, 'Orders'), system(9, 'Receipts', { active: false, projectId: 14 })], 41)}
      loading={false}
      paging={{
        pageIndex: 0,
        total: 41,
        totalExact: true,
        onPageChange: jest.fn(),
        sort: { id: 'projectId', desc: false },
        onSortChange: jest.fn(),
        ...paging,
      }}
      search=""
      onSearch={jest.fn()}
      toolbar={null}
      onRowClick={onRowClick}
    />,
  );
  await screen.findByRole('table');
};

describe('ImportsTable', () => {
  it('shows the spec’s columns, badges Active and Inactive, and pages by the server’s total', async () => {
    await renderTable();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Project Id', 'Name', 'Path', 'Description', 'Active']);
    expect(within(screen.getByRole('row', { name: /Receipts/ })).getByText('Inactive')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Orders/ })).getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('hands a header click to the page (the server sorts), and a row click opens the import system', async () => {
    const onSortChange = jest.fn();
    const onRowClick = jest.fn();
    await renderTable({ onSortChange }, onRowClick);
    await userEvent.click(screen.getByRole('columnheader', { name: /Path/ }));
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'path', desc: false });
    await userEvent.click(screen.getByRole('cell', { name: 'Receipts' }));
    expect(onRowClick).toHaveBeenCalledWith(expect.objectContaining({ configId: 9 }));
  });
});

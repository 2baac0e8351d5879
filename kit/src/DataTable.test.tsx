import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Badge } from './Badge';
import { DataTable, type ColumnDef } from './DataTable';

interface User {
  name: string;
  email: string;
  logins: number;
}

const users: User[] = Array.from({ length: 60 }, (_, i) => ({
  name: `user${String(i + 1).padStart(2, '0')}`,
  email: i % 2 === 0 ? `even${i}@example.com` : `odd${i}@Example.org`,
  logins: i,
}));

const columns: ColumnDef<User, any>[] = [
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'email', header: 'Email' },
  { accessorKey: 'logins', header: 'Logins' },
];

/** The body rows' first cells (the header row has none). */
const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('DataTable', () => {
  it('pages at 25 with Previous and Next', async () => {
    render(<DataTable data={users} columns={columns} pageSize={25} caption="Users" />);
    expect(screen.getByRole('table', { name: 'Users' })).toBeInTheDocument();
    expect(names()).toHaveLength(25);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(names()).toEqual(users.slice(50).map((u) => u.name));
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('pages at 20 by default', () => {
    render(<DataTable data={users} columns={columns} />);
    expect(names()).toHaveLength(20);
  });

  it('filters over string and number cells, case-insensitively, from the first page', async () => {
    render(<DataTable data={users} columns={columns} pageSize={25} filter={{ placeholder: 'Search users' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'EXAMPLE.ORG');
    expect(screen.getByText('1–25 of 30')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('searchbox'));
    await userEvent.type(screen.getByRole('searchbox'), '59');
    expect(names()).toEqual(['user59', 'user60']);
  });

  it('reports a controlled filter and shows the empty text when nothing matches', async () => {
    function Harness() {
      const [value, setValue] = useState('');
      return <DataTable data={users} columns={columns} filter={{ value, onChange: setValue }} emptyText="No users found." />;
    }
    render(<Harness />);
    await userEvent.type(screen.getByRole('searchbox'), 'nobody');
    expect(screen.getByText('No users found.')).toBeInTheDocument();
    expect(screen.getByText('No records')).toBeInTheDocument();
  });

  it('sorts by a header click and says so with aria-sort', async () => {
    render(<DataTable data={users.slice(0, 3)} columns={columns} />);
    const header = screen.getByRole('columnheader', { name: 'Name' });
    expect(header).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['user03', 'user02', 'user01']);
  });

  it('does not sort when sorting is off', () => {
    render(<DataTable data={users.slice(0, 3)} columns={columns} sorting={false} />);
    const header = screen.getByRole('columnheader', { name: 'Name' });
    expect(header).not.toHaveAttribute('aria-sort');
    expect(within(header).queryByRole('button')).not.toBeInTheDocument();
  });

  it('opens a row on click or Enter, but not from a control inside it', async () => {
    const onRowClick = jest.fn();
    const toggle = jest.fn();
    const withBadge: ColumnDef<User>[] = [
      { accessorKey: 'name', header: 'Name' },
      { id: 'status', header: 'Status', cell: () => <Badge onClick={toggle}>Active</Badge> },
    ];
    render(<DataTable data={users.slice(0, 2)} columns={withBadge} onRowClick={onRowClick} />);
    await userEvent.click(screen.getByText('user01'));
    expect(onRowClick).toHaveBeenCalledWith(users[0]);
    await userEvent.click(screen.getAllByRole('button', { name: 'Active' })[1]!);
    expect(toggle).toHaveBeenCalledTimes(1);
    expect(onRowClick).toHaveBeenCalledTimes(1);
    const secondRow = screen.getByText('user02').closest('tr')!;
    secondRow.focus();
    await userEvent.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(users[1]);
  });

  it('does not open a row on a click in a portal one of its cells opened (a dialog)', async () => {
    const onRowClick = jest.fn();
    const inPortal: ColumnDef<User>[] = [
      { accessorKey: 'name', header: 'Name' },
      { id: 'dialog', header: 'Dialog', cell: () => createPortal(<p>Confirm it</p>, document.body) },
    ];
    render(<DataTable data={users.slice(0, 1)} columns={inPortal} onRowClick={onRowClick} />);
    await userEvent.click(screen.getByText('Confirm it'));
    expect(onRowClick).not.toHaveBeenCalled();
    await userEvent.click(screen.getByText('user01'));
    expect(onRowClick).toHaveBeenCalledTimes(1);
  });

  it('selects rows, one by one or the whole page', async () => {
    const onChange = jest.fn();
    function Harness() {
      const [selected, setSelected] = useState<Record<string, boolean>>({});
      return (
        <DataTable
          data={users.slice(0, 3)}
          columns={columns}
          getRowId={(u) => u.name}
          rowSelection={{ selected, onChange: (next) => (onChange(next), setSelected(next)) }}
        />
      );
    }
    render(<Harness />);
    // Each box is named after its row (its first column), not 'Select row' over and over.
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label'))).toEqual([
      'Select all rows',
      'Select user01',
      'Select user02',
      'Select user03',
    ]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select user02' }));
    expect(onChange).toHaveBeenLastCalledWith({ user02: true });
    expect(screen.getByRole('checkbox', { name: 'Select all rows' })).toBePartiallyChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(onChange).toHaveBeenLastCalledWith({ user01: true, user02: true, user03: true });
    expect(screen.getByRole('checkbox', { name: 'Select all rows' })).toBeChecked();
  });

  it('names a row by its first column that reads a text or a number, else by its number', () => {
    const noText: ColumnDef<User, any>[] = [{ id: 'badge', header: 'State', cell: () => <Badge>On</Badge> }, ...columns.slice(2)];
    const { rerender } = render(<DataTable data={users.slice(0, 2)} columns={noText} rowSelection={{ selected: {}, onChange: () => {} }} />);
    expect(screen.getByRole('checkbox', { name: 'Select 0' })).toBeInTheDocument();
    rerender(<DataTable data={users.slice(0, 2)} columns={noText.slice(0, 1)} rowSelection={{ selected: {}, onChange: () => {} }} />);
    expect(screen.getByRole('checkbox', { name: 'Select row 2' })).toBeInTheDocument();
  });

  it('shows server pages as given and asks for the next one', async () => {
    const onPageChange = jest.fn();
    render(<DataTable data={users.slice(25, 50)} columns={columns} pageSize={25} manual={{ pageIndex: 1, total: 60, onPageChange }} />);
    expect(names()).toEqual(users.slice(25, 50).map((u) => u.name));
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByText('26–50 of 60')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenCalledWith(0);
  });

  it('shows a spinner while loading and the default empty text when there is nothing', () => {
    const { rerender } = render(<DataTable data={[]} columns={columns} loading />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    rerender(<DataTable data={[]} columns={columns} />);
    expect(screen.getByText('No records.')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });

  it('asks the server for a sort from a click anywhere in the header cell, ascending first', async () => {
    const onSortChange = jest.fn();
    const { rerender } = render(
      <DataTable
        data={users.slice(0, 25)}
        columns={columns}
        pageSize={25}
        manual={{ pageIndex: 0, total: 60, onPageChange: jest.fn(), sort: { id: 'name', desc: false }, onSortChange }}
      />,
    );
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(screen.getByRole('columnheader', { name: /Logins/ }));
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'logins', desc: false });
    rerender(
      <DataTable
        data={users.slice(0, 25)}
        columns={columns}
        pageSize={25}
        manual={{ pageIndex: 0, total: 60, onPageChange: jest.fn(), sort: { id: 'logins', desc: false }, onSortChange }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: /Logins/ }));
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'logins', desc: true });
    expect(onSortChange).toHaveBeenCalledTimes(2);
    // The server sorted: the rows stay as given.
    expect(names()).toEqual(users.slice(0, 25).map((u) => u.name));
  });

  it('counts thousands the en-US way', () => {
    render(<DataTable data={users.slice(0, 25)} columns={columns} pageSize={25} manual={{ pageIndex: 1, total: 1320, onPageChange: jest.fn() }} />);
    expect(screen.getByText('26–50 of 1,320')).toBeInTheDocument();
  });

  it('says "more than" when the server counted only so far, and keeps Next while pages are full', async () => {
    const onPageChange = jest.fn();
    const { rerender } = render(
      <DataTable data={users.slice(0, 25)} columns={columns} pageSize={25} manual={{ pageIndex: 1, total: 10_000, totalExact: false, onPageChange }} />,
    );
    expect(screen.getByText('26–50 of more than 10,000')).toBeInTheDocument();
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
    // A page that is not full is the last one.
    rerender(
      <DataTable data={users.slice(0, 3)} columns={columns} pageSize={25} manual={{ pageIndex: 401, total: 10_000, totalExact: false, onPageChange }} />,
    );
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByText('10,026–10,028 of more than 10,000')).toBeInTheDocument();
    expect(screen.getByText('10,026–10,028 of more than 10,000')).toBeInTheDocument();
  });

  it('shows a failure at once in place of the spinner, the rows and the empty text', () => {
    const { rerender } = render(<DataTable data={[]} columns={columns} loading error="Failed to fetch users." emptyText="No users match." />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch users.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText('No users match.')).not.toBeInTheDocument();
    rerender(<DataTable data={users} columns={columns} error="Failed to fetch users." />);
    expect(screen.queryByText('user01')).not.toBeInTheDocument();
  });

  it('renders the toolbar beside the search box', () => {
    render(<DataTable data={[]} columns={columns} filter={{}} toolbar={<button type="button">Add user</button>} />);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add user' })).toBeInTheDocument();
  });

  it('exports every row the search and order select, across pages, with the visible columns and their CSV texts', async () => {
    const saved: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => (saved.push(blob), 'blob:csv'));
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const withText: ColumnDef<User, any>[] = [
      ...columns,
      {
        id: 'badge',
        header: 'Level',
        cell: ({ row }) => <Badge>{row.original.logins > 50 ? 'High' : 'Low'}</Badge>,
        meta: { csv: (u: User) => (u.logins > 50 ? 'High' : 'Low') },
      },
      { id: 'actions', header: 'Actions', cell: () => <button type="button">Edit</button> },
    ];
    const formula = { name: '=cmd', email: 'odd@Example.org', logins: 59 };
    render(<DataTable data={[...users, formula]} columns={withText} pageSize={5} filter={{}} exportCsv={{ fileName: 'users.csv' }} />);
    await userEvent.type(screen.getByRole('searchbox'), 'example.org');
    await userEvent.click(screen.getByRole('columnheader', { name: /Logins/ }));
    await userEvent.click(screen.getByRole('columnheader', { name: /Logins/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(click).toHaveBeenCalled();
    // jsdom's Blob has no text(); FileReader reads it.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved[0]!);
    });
    const [header, ...rows] = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toBe('Name,Email,Logins,Level');
    // All 31 matches (30 odd users and the formula row), not the 5 on screen, largest first.
    expect(rows).toHaveLength(31);
    expect(rows.slice(0, 3)).toEqual(['user60,odd59@Example.org,59,High', "'=cmd,odd@Example.org,59,High", 'user58,odd57@Example.org,57,High']);
    click.mockRestore();
  });

  it('keeps sort and page where the owner says (the URL), and reports changes to it', async () => {
    function Owned() {
      const [sort, setSort] = useState<{ id: string; desc: boolean } | null>({ id: 'logins', desc: true });
      const [pageIndex, setPageIndex] = useState(1);
      return (
        <>
          <output aria-label="state">{`${sort?.id}:${sort?.desc}:${pageIndex}`}</output>
          <DataTable data={users} columns={columns} pageSize={25} view={{ sort, onSortChange: setSort, pageIndex, onPageChange: setPageIndex }} />
        </>
      );
    }
    render(<Owned />);
    // Page 2 of the list by logins, largest first: 34 down to 10.
    expect(names()[0]).toBe('user35');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('status', { name: 'state' })).toHaveTextContent('logins:true:2');
    await userEvent.click(screen.getByRole('columnheader', { name: /Name/ }));
    expect(screen.getByRole('status', { name: 'state' })).toHaveTextContent('name:false:2');
  });
});

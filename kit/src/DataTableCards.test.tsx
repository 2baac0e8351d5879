import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './Button';
import { DataTable, type ColumnDef } from './DataTable';

interface Row {
  id: number;
  name: string;
  owner: string;
  type: string;
  maxUsers: number;
}

const rows: Row[] = [
  { id: 3, name: 'Harbour Bridge JV', owner: 'pwhite', type: 'Standard', maxUsers: 40 },
  { id: 2, name: 'Northwind Construction', owner: 'licadmin', type: 'Enterprise', maxUsers: -1 },
  { id: 4, name: 'Old Mill Renovation', owner: 'tbrown', type: 'Standard', maxUsers: 10 },
];

/** Id first in the table, Name the card's title, Max Users on the card, Type only in the table, an action. */
const columns: ColumnDef<Row, any>[] = [
  { accessorKey: 'id', header: 'Id' },
  { accessorKey: 'name', header: 'Name', meta: { card: 'title' } },
  { accessorKey: 'type', header: 'Type' },
  {
    accessorKey: 'maxUsers',
    header: 'Max Users',
    cell: ({ row }) => (row.original.maxUsers < 0 ? 'Unlimited' : row.original.maxUsers),
    meta: { card: 'field' },
  },
  {
    id: 'archive',
    header: 'Archive',
    enableSorting: false,
    cell: ({ row }) => (
      <Button size="sm" variant="secondary">
        Archive<span className="sr-only">{` ${row.original.name}`}</span>
      </Button>
    ),
    meta: { card: 'action' },
  },
];

/** The window as wide as `width`: matchMedia answers the max-width queries. */
function windowWidth(width: number) {
  window.matchMedia = ((query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return {
      matches: max ? width <= Number(max[1]) : false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    };
  }) as unknown as typeof window.matchMedia;
}

describe('DataTable on a phone', () => {
  afterEach(() => {
    // jsdom has none: the table's own fallback (a wide window).
    delete (window as { matchMedia?: unknown }).matchMedia;
  });

  it('shows each row as a card: its title first (the row link), the card columns labelled, its actions, never the table', async () => {
    windowWidth(390);
    const opened: string[] = [];
    render(
      <DataTable caption="Licenses" data={rows} columns={columns} onRowClick={(row) => opened.push(row.name)} filter={{ placeholder: 'Search licenses' }} />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Licenses' })).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const [first] = cards;
    // Name first, as the card's title and its way in.
    const title = within(first!).getByRole('button', { name: 'Harbour Bridge JV' });
    expect(first!.firstElementChild).toContainElement(title);
    expect(within(first!).getByText('Max Users')).toBeInTheDocument();
    expect(within(first!).getByText('40')).toBeInTheDocument();
    // A column not meant for the card (Type, Id) stays off it.
    expect(within(first!).queryByText('Standard')).toBeNull();
    expect(within(first!).queryByText('Id')).toBeNull();
    expect(within(first!).getByRole('button', { name: 'Archive Harbour Bridge JV' })).toBeVisible();
    expect(within(cards[1]!).getByText('Unlimited')).toBeInTheDocument();

    await userEvent.click(title);
    expect(opened).toEqual(['Harbour Bridge JV']);
    // An action is its own, not the card's.
    await userEvent.click(within(first!).getByRole('button', { name: 'Archive Harbour Bridge JV' }));
    expect(opened).toEqual(['Harbour Bridge JV']);
    // By keyboard: the title is a button.
    within(cards[2]!).getByRole('button', { name: 'Old Mill Renovation' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(opened).toEqual(['Harbour Bridge JV', 'Old Mill Renovation']);
  });

  it('labels its search, and sorts the cards by a labelled choice', async () => {
    windowWidth(390);
    render(<DataTable caption="Licenses" data={rows} columns={columns} filter={{ placeholder: 'Search licenses' }} />);
    // The search's label is on screen, not only a placeholder.
    expect(screen.getByText('Search licenses', { selector: 'label, label *' })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search licenses' })).toBeInTheDocument();
    const titles = () =>
      within(screen.getByRole('list', { name: 'Licenses' }))
        .getAllByRole('listitem')
        .map((card) => card.firstElementChild!.textContent);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'maxUsers:desc');
    expect(titles()).toEqual(['Harbour Bridge JV', 'Old Mill Renovation', 'Northwind Construction']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'name:desc');
    expect(titles()).toEqual(['Old Mill Renovation', 'Northwind Construction', 'Harbour Bridge JV']);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search licenses' }), 'mill');
    expect(titles()).toEqual(['Old Mill Renovation']);
  });

  it('stays a table on a wide screen, and on a phone when no column is meant for cards', () => {
    windowWidth(1280);
    const { unmount } = render(<DataTable caption="Licenses" data={rows} columns={columns} />);
    expect(screen.getByRole('table', { name: 'Licenses' })).toBeInTheDocument();
    unmount();
    windowWidth(390);
    render(<DataTable caption="Plain" data={rows} columns={columns.map(({ meta: _meta, ...column }) => column)} />);
    expect(screen.getByRole('table', { name: 'Plain' })).toBeInTheDocument();
  });
});

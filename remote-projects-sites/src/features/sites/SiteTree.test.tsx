import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { restoreApi } from 'kit/testing';
import { SiteCard } from './SiteCard';
import { PROJECT_ID, renderAt, site } from './sites.testing';
import { SiteTree } from './SiteTree';

const yard = site(10, 'Yard', [
  site(11, 'Rack A', [site(12, 'Bin 1'), site(13, 'Bin 2')]),
  site(14, 'Rack B', [site(15, 'Bin 3', [], { active: false })]),
  site(16, 'Office'),
]);

const renderTree = (top = yard) => renderAt(<SiteTree site={top} />, '/', '/');
const shown = () => screen.getAllByRole('treeitem').map((item) => item.textContent);

describe('SiteTree', () => {
  afterEach(() => {
    cleanup();
    restoreApi();
  });

  it('draws the first level, opens and closes a level on request, each site a link to its view', async () => {
    renderTree();
    expect(screen.getByRole('tree', { name: 'Sites of Yard' })).toBeInTheDocument();
    expect(shown()).toEqual(['Rack A', 'Rack B', 'Office']);
    // Collapsed levels are not drawn at all.
    expect(screen.queryByText('Bin 1')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Expand Rack A' }));
    expect(shown()).toEqual(['Rack A', 'Bin 1', 'Bin 2', 'Rack B', 'Office']);
    expect(screen.getByRole('link', { name: 'Bin 2' })).toHaveAttribute('href', `/projects/${PROJECT_ID}/site/13`);
    await userEvent.click(screen.getByRole('button', { name: 'Collapse Rack A' }));
    expect(screen.queryByText('Bin 1')).toBeNull();
  });

  it('shows the matches of a search (any case) with their ancestors, opened, and an archived one badged', async () => {
    renderTree();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the sites of Yard' }), 'BIN 3');
    expect(shown()).toEqual(['Rack B', 'Bin 3Archived']);
    expect(screen.getByRole('treeitem', { name: 'Rack B' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(screen.getByRole('treeitem', { name: /Bin 3/ })).getByText('Archived')).toBeInTheDocument();

    await userEvent.clear(screen.getByRole('searchbox'));
    await userEvent.type(screen.getByRole('searchbox'), 'bin');
    expect(shown()).toEqual(['Rack A', 'Bin 1', 'Bin 2', 'Rack B', 'Bin 3Archived']);

    await userEvent.type(screen.getByRole('searchbox'), 'x');
    expect(screen.queryAllByRole('treeitem')).toHaveLength(0);
    expect(screen.getByText('No site of Yard matches “binx”.')).toBeInTheDocument();
    // Cleared, the tree is as the user left it.
    await userEvent.clear(screen.getByRole('searchbox'));
    expect(shown()).toEqual(['Rack A', 'Rack B', 'Office']);
  });

  it('draws at most the first 200 matches of a search and says how many there are', async () => {
    const bays = Array.from({ length: 250 }, (_, index) => site(100 + index, `Bay ${index + 1}`));
    renderTree(site(20, 'Dock', [site(21, 'North', bays.slice(0, 150)), site(22, 'South', bays.slice(150))]));
    await userEvent.type(screen.getByRole('searchbox'), 'bay');
    // 200 matches and their two ancestors, 202 rows: drawn a window at a time, each row telling its place.
    const rows = screen.getAllByRole('treeitem');
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]).toHaveAccessibleName('North');
    expect(rows[0]).toHaveAttribute('aria-setsize', '2');
    expect(rows[1]).toHaveAccessibleName('Bay 1');
    expect(rows[1]).toHaveAttribute('aria-setsize', '150');
    expect(screen.queryByRole('treeitem', { name: 'South' })).toBeNull();
    expect(screen.getByText('Showing the first 200 of 250 matches: search for more of the name to narrow them.')).toBeInTheDocument();
  });

  it('is a card with the site’s link, its Archived badge, the hierarchy link and its labels’ print button', () => {
    renderAt(<SiteCard site={site(30, 'Old Depot', [], { active: false })} mayEditTree />, '/', '/');
    const card = screen.getByRole('region', { name: 'Old Depot' });
    expect(within(card).getByRole('link', { name: 'Old Depot' })).toHaveAttribute('href', `/projects/${PROJECT_ID}/site/30`);
    expect(within(card).getByText('Archived')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Hierarchy of Old Depot' })).toHaveAttribute('href', `/projects/${PROJECT_ID}/site/30/tree`);
    expect(within(card).getByRole('button', { name: 'Print labels of Old Depot' })).toBeEnabled();
    expect(within(card).getByText('No child sites.')).toBeInTheDocument();
  });
});

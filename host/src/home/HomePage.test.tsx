import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { HomeAttention } from 'contracts/home';
import { Role } from 'shared';
import { resetNavFixtures, signInWithRemotes } from '../layout/nav.fixtures';
import { homeKeys } from './home.api';
import { HomePage } from './HomePage';

const NOW = '2026-11-27T12:00:00.000Z';
const item = (values: Partial<HomeAttention['cards'][number]['items'][number]>) => ({
  ref: '7',
  title: 'Northwind',
  licenseId: 7,
  licenseName: 'Northwind',
  at: null,
  ...values,
});

/** Home for `roles`, with the cards' answer already fetched. */
function renderHome(roles: string[], attention: HomeAttention) {
  signInWithRemotes(roles);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(homeKeys.attention('ann'), attention);
  const router = createMemoryRouter([{ path: '*', element: <HomePage /> }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('HomePage', () => {
  afterEach(() => {
    cleanup();
    resetNavFixtures();
  });

  it('keeps the spec’s home text and shows no card when nothing needs attention', () => {
    renderHome([Role.ACCESS_MY_CUSTOMER_LICENCE, Role.MENU_ADMIN_TOOL_ACCESS], { asOf: NOW, cards: [] });
    expect(screen.getByText(/^Use the links across the top to manage Users, .*Projects.*\.$/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Needs your attention' })).not.toBeInTheDocument();
  });

  it('shows each card with its count, its items and links into the sections, in the home’s order', () => {
    renderHome([Role.ACCESS_MY_CUSTOMER_LICENCE, Role.MENU_ADMIN_TOOL_ACCESS], {
      asOf: NOW,
      cards: [
        {
          id: 'dormant-accounts',
          count: 7,
          items: [item({ ref: 'jdoe', title: 'jdoe', at: null }), item({ ref: 'asmith', title: 'asmith', at: '2026-07-30T12:00:00.000Z' })],
        },
        { id: 'licenses-expiring', count: 1, items: [item({ at: '2026-12-07T12:00:00.000Z' })] },
      ],
    });
    const cards = within(screen.getByRole('region', { name: 'Needs your attention' }))
      .getAllByRole('listitem')
      .filter((li) => li.parentElement?.parentElement?.tagName === 'SECTION');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Licenses expiring', 'Dormant accounts']);

    const [expiring, dormant] = cards as [HTMLElement, HTMLElement];
    // A licence administrator's cards open their own licence (5); an item its own screen.
    expect(within(expiring).getByRole('link', { name: 'Licenses expiring' })).toHaveAttribute('href', '/to/licensing/license.view?id=5');
    expect(within(expiring).getByRole('link', { name: 'Northwind' })).toHaveAttribute('href', '/to/licensing/license.view?id=7');
    expect(within(expiring).getByText('Expires in 10 days')).toBeInTheDocument();

    expect(within(dormant).getByText('7')).toBeInTheDocument();
    expect(within(dormant).getByRole('link', { name: 'jdoe' })).toHaveAttribute('href', '/to/licensing/license.view?id=7#addons');
    expect(within(dormant).getByText('Never signed in')).toBeInTheDocument();
    expect(within(dormant).getByText('Last signed in 120 days ago')).toBeInTheDocument();
    expect(within(dormant).getByRole('link', { name: 'All 7 dormant accounts' })).toHaveAttribute('href', '/to/licensing/license.view?id=5#addons');
  });

  it('names each item’s licence to a super administrator, whose cards open the licence list', () => {
    renderHome([Role.ACCESS_ALL_CUSTOMER_LICENCES], {
      asOf: NOW,
      cards: [{ id: 'seats-nearly-full', count: 1, items: [item({ title: 'SiteSense', used: 19, limit: 20 })] }],
    });
    expect(screen.getByRole('link', { name: 'Product licenses nearly full' })).toHaveAttribute('href', '/to/licensing/licenses');
    expect(screen.getByText('19 of 20 seats in use (95%) · Northwind')).toBeInTheDocument();
  });
});

import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Role } from 'shared';
import { Header } from './Header';
import { resetNavFixtures, signInWithRemotes } from './nav.fixtures';

function renderAt(path: string) {
  signInWithRemotes([Role.ACCESS_ALL_CUSTOMER_LICENCES]);
  const router = createMemoryRouter([{ path: '*', element: <Header /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('Header', () => {
  afterEach(() => {
    cleanup();
    resetNavFixtures();
  });

  it("opens the menu with the side navigation's groups, the user and Log Out; Escape closes it and gives Menu the focus back", async () => {
    renderAt('/mobile');
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('button', { name: 'Licensing' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Mobile Admin' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Access' })).toHaveAttribute('aria-expanded', 'false');
    const menuPanel = document.getElementById(menu.getAttribute('aria-controls')!)!;
    expect(within(menuPanel).getByRole('link', { name: 'ann' })).toBeInTheDocument();
    expect(within(menuPanel).getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it('closes the menu once a link in it is followed', async () => {
    const router = renderAt('/');
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Access' }));
    await userEvent.click(within(nav).getByRole('link', { name: 'Audit Log' }));
    expect(router.state.location.pathname).toBe('/audit');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

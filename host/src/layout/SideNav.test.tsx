import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Role } from 'shared';
import { useRemotes } from '../federation/remotes.store';
import { resetNavFixtures, signInWithRemotes } from './nav.fixtures';
import { SideNav } from './SideNav';

function renderAt(path: string, roles: string[]) {
  signInWithRemotes(roles);
  const router = createMemoryRouter([{ path: '*', element: <SideNav /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const nav = () => screen.getByRole('navigation', { name: 'Main' });
/** The nav's lines as the user meets them: groups (open or closed) and the links they can reach (not those of a closed group). */
const lines = () =>
  [...nav().querySelectorAll('button, a')]
    .filter((el) => !el.closest('[hidden]'))
    .map((el) => (el.tagName === 'BUTTON' ? `${el.textContent} (${el.getAttribute('aria-expanded') === 'true' ? 'open' : 'closed'})` : el.textContent));

describe('SideNav', () => {
  afterEach(() => {
    cleanup();
    resetNavFixtures();
  });

  it("groups a super administrator's sections from every remote in the host's order, opening the page's group with the page marked", () => {
    renderAt('/users/ann/view', [Role.ACCESS_ALL_CUSTOMER_LICENCES]);
    expect(lines()).toEqual(['Access (open)', 'Users', 'API Keys', 'Audit Log', 'Projects (closed)', 'Workflows (closed)', 'Licensing (closed)']);
    expect(within(nav()).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav()).getByRole('link', { name: 'API Keys' })).not.toHaveAttribute('aria-current');
  });

  it("shows only the entries the user's roles allow, a group of one as its link alone", () => {
    renderAt('/workflow', [Role.MENU_ADMIN_TOOL_ACCESS, Role.ACCESS_MY_CUSTOMER_LICENCE, Role.ADMINISTER_WORKFLOW]);
    expect(lines()).toEqual(['Access (closed)', 'Projects (closed)', 'Workflows', 'License']);
    expect(within(nav()).getByRole('link', { name: 'Workflows' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav()).getByRole('link', { name: 'License' })).toHaveAttribute('href', '/license/5/view');
  });

  it('shows the links of a user whose sections are all in one group without the group, and nothing to one without a section', () => {
    renderAt('/', [Role.ADMINISTER_API_KEYS]);
    expect(lines()).toEqual(['API Keys']);
    act(() => useRemotes.setState({ states: {} }));
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('opens and closes a group with Enter and Space, and keeps a group the user opened while the page moves', async () => {
    const router = renderAt('/audit', [Role.ACCESS_ALL_CUSTOMER_LICENCES]);
    const licensing = within(nav()).getByRole('button', { name: 'Licensing' });
    licensing.focus();
    await userEvent.keyboard('{Enter}');
    expect(licensing).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav()).getByRole('link', { name: 'Mobile Admin' })).toBeVisible();
    await userEvent.keyboard(' ');
    expect(licensing).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav()).queryByRole('link', { name: 'Mobile Admin' })).not.toBeInTheDocument();
    await userEvent.keyboard(' ');
    // The user opened Licensing; the page moves to Preservations: its group opens, Access (no longer the page's) closes.
    await act(() => router.navigate('/preservation/3/4/view'));
    expect(await screen.findByRole('link', { name: 'Preservations' })).toHaveAttribute('aria-current', 'page');
    expect(lines()).toEqual([
      'Access (closed)',
      'Projects (closed)',
      'Workflows (open)',
      'Workflows',
      'Preservations',
      'Licensing (open)',
      'Licenses',
      'Mobile Admin',
    ]);
  });

  it('opens the group of the page again on the next page after the user closed it', async () => {
    const router = renderAt('/projects', [Role.ACCESS_ALL_CUSTOMER_LICENCES]);
    await userEvent.click(within(nav()).getByRole('button', { name: 'Projects' }));
    expect(within(nav()).getByRole('button', { name: 'Projects' })).toHaveAttribute('aria-expanded', 'false');
    await act(() => router.navigate('/users'));
    await act(() => router.navigate('/sites'));
    expect(await within(nav()).findByRole('link', { name: 'Sites' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav()).getByRole('button', { name: 'Projects' })).toHaveAttribute('aria-expanded', 'true');
  });
});

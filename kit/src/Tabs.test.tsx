import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs, type TabItem } from './Tabs';

const tabs: TabItem[] = [
  { id: 'details', label: 'Details', content: 'Details panel' },
  { id: 'secret', label: 'Secret', content: 'Secret panel', hidden: true },
  { id: 'groups', label: 'Groups', content: 'Groups panel' },
  { id: 'locked', label: 'Locked', content: 'Locked panel', disabled: true },
  { id: 'roles', label: 'Roles', content: 'Roles panel' },
];

describe('Tabs', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('shows the first visible tab in a labelled panel and leaves hidden tabs out', () => {
    render(<Tabs tabs={tabs} />);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Details', 'Groups', 'Locked', 'Roles']);
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Details' })).toHaveTextContent('Details panel');
  });

  it('moves with the arrow keys, skipping disabled tabs and wrapping around', async () => {
    const onValueChange = jest.fn();
    render(<Tabs tabs={tabs} onValueChange={onValueChange} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Groups' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Roles' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Roles panel');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    expect(onValueChange).toHaveBeenLastCalledWith('roles');
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveAttribute('tabindex', '-1');
  });

  it('follows a controlled value', () => {
    const { rerender } = render(<Tabs tabs={tabs} value="groups" />);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Groups panel');
    rerender(<Tabs tabs={tabs} value="roles" />);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Roles panel');
  });

  it('with hashSync, opens the tab in the hash and sets the hash without adding history entries', async () => {
    window.history.replaceState(null, '', '/users/jsmith#groups');
    const entries = window.history.length;
    render(<Tabs tabs={tabs} hashSync />);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Groups panel');
    await userEvent.click(screen.getByRole('tab', { name: 'Roles' }));
    // Written once the frame is painted.
    await waitFor(() => expect(window.location.hash).toBe('#roles'));
    expect(window.location.pathname).toBe('/users/jsmith');
    expect(window.history.length).toBe(entries);
  });

  it('with hashSync, keeps a new hash when the owner renders again before its hashchange event', async () => {
    window.history.replaceState(null, '', '/users/jsmith#details');
    // Fresh tabs on every render, as a view builds them.
    const { rerender } = render(<Tabs tabs={tabs.map((tab) => ({ ...tab }))} hashSync />);
    window.history.replaceState(null, '', '/users/jsmith#roles');
    rerender(<Tabs tabs={tabs.map((tab) => ({ ...tab }))} hashSync />);
    expect(window.location.hash).toBe('#roles');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(await screen.findByText('Roles panel')).toBeInTheDocument();
  });

  it('with hashSync, puts the hash back when a navigation of the query drops it', async () => {
    window.history.replaceState(null, '', '/users#groups');
    const { rerender } = render(<Tabs tabs={tabs.map((tab) => ({ ...tab }))} hashSync />);
    window.history.replaceState(null, '', '/users?groupQ=zz');
    rerender(<Tabs tabs={tabs.map((tab) => ({ ...tab }))} hashSync />);
    expect(window.location.search).toBe('?groupQ=zz');
    await waitFor(() => expect(window.location.hash).toBe('#groups'));
  });

  it('with hashSync, follows a later hash change', async () => {
    render(<Tabs tabs={tabs} hashSync />);
    await waitFor(() => expect(window.location.hash).toBe('#details'));
    window.location.hash = '#roles';
    expect(await screen.findByText('Roles panel')).toBeInTheDocument();
  });
});

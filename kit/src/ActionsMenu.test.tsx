import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ActionsMenu } from './ActionsMenu';

function setup() {
  const chosen: string[] = [];
  render(
    <>
      <ActionsMenu
        actions={[
          { id: 'copy', label: 'Copy', onSelect: () => chosen.push('copy') },
          { id: 'off', label: 'Not now', onSelect: () => chosen.push('off'), disabled: true },
          { id: 'deactivate', label: 'Deactivate', onSelect: () => chosen.push('deactivate'), danger: true },
        ]}
      />
      <button type="button">Elsewhere</button>
    </>,
  );
  return { chosen, trigger: screen.getByRole('button', { name: 'Actions' }) };
}

describe('ActionsMenu', () => {
  it('is a button that says it opens a menu and whether it is open; a click opens it and a click elsewhere closes it', async () => {
    const { trigger } = setup();
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).toBeNull();
    await userEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'Actions' })).toBeInTheDocument();
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Copy', 'Not now', 'Deactivate']);
    expect(screen.getByRole('menuitem', { name: 'Copy' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('moves by the arrow keys past a disabled item, closes on Escape with the focus back on the button', async () => {
    const { trigger, chosen } = setup();
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Copy' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Deactivate' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Copy' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Deactivate' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger).toHaveFocus();
    expect(chosen).toEqual([]);
    // ArrowUp opens on the last item.
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Deactivate' })).toHaveFocus();
  });

  it('runs the chosen action once, after closing the menu and focusing the button', async () => {
    const { trigger, chosen } = setup();
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(chosen).toEqual(['deactivate']);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger).toHaveFocus();
  });
});

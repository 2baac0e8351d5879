import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Tree } from './Tree';
import type { TreeId, TreeNode } from './tree.filter';

const nodes: TreeNode<string>[] = [
  {
    id: 1,
    label: 'North region',
    children: [
      { id: 2, label: 'Harbour site', children: [{ id: 3, label: 'Crane yard' }] },
      { id: 4, label: 'Depot' },
    ],
  },
  { id: 5, label: <strong>South region</strong>, searchText: 'South region' },
];

describe('Tree', () => {
  it('expands and collapses with labelled buttons', async () => {
    render(<Tree nodes={nodes} aria-label="Locations" />);
    expect(screen.getByRole('tree', { name: 'Locations' })).toBeInTheDocument();
    const north = screen.getByRole('treeitem', { name: 'North region' });
    expect(north).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Harbour site')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Expand North region' }));
    expect(north).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('treeitem', { name: 'Depot' })).not.toHaveAttribute('aria-expanded');
    await userEvent.click(screen.getByRole('button', { name: 'Collapse North region' }));
    expect(screen.queryByText('Depot')).not.toBeInTheDocument();
  });

  it('starts fully expanded or with the given ids', () => {
    const { unmount } = render(<Tree nodes={nodes} defaultExpanded="all" />);
    expect(screen.getByText('Crane yard')).toBeInTheDocument();
    unmount();
    render(<Tree nodes={nodes} defaultExpanded={[1]} />);
    expect(screen.getByText('Harbour site')).toBeInTheDocument();
    expect(screen.queryByText('Crane yard')).not.toBeInTheDocument();
  });

  it('shows only matches and their ancestors, expanded, when searching', async () => {
    const { rerender } = render(<Tree nodes={nodes} search="CRANE" />);
    expect(screen.getAllByRole('treeitem').map((item) => item.getAttribute('aria-level'))).toEqual(['1', '2', '3']);
    expect(screen.getByText('Crane yard')).toBeInTheDocument();
    expect(screen.queryByText('Depot')).not.toBeInTheDocument();
    expect(screen.queryByText('South region')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Collapse Harbour site' }));
    expect(screen.queryByText('Crane yard')).not.toBeInTheDocument();
    rerender(<Tree nodes={nodes} search="south" />);
    expect(screen.getByRole('treeitem', { name: 'South region' })).toBeInTheDocument();
    expect(screen.queryByText('North region')).not.toBeInTheDocument();
  });

  it('ticks nodes, and leaves disabled ones alone', async () => {
    const onCheckedChange = jest.fn();
    function Harness() {
      const [checked, setChecked] = useState<Set<TreeId>>(new Set([4]));
      return (
        <Tree
          nodes={nodes}
          defaultExpanded="all"
          checkable
          checked={checked}
          disabledIds={new Set([3])}
          onCheckedChange={(next, node) => {
            onCheckedChange(next, node);
            setChecked(next);
          }}
        />
      );
    }
    render(<Harness />);
    expect(screen.getByRole('checkbox', { name: 'Depot' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Harbour site' }));
    expect(onCheckedChange).toHaveBeenLastCalledWith(new Set([4, 2]), expect.objectContaining({ id: 2 }));
    await userEvent.click(screen.getByText('Depot'));
    expect(screen.getByRole('checkbox', { name: 'Depot' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Crane yard' })).toBeDisabled();
  });

  it('renders actions for each node', () => {
    render(<Tree nodes={nodes} renderActions={(node) => <button type="button">Edit {String(node.id)}</button>} />);
    expect(screen.getByRole('button', { name: 'Edit 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit 5' })).toBeInTheDocument();
  });
});

describe('Tree, drawn a window at a time', () => {
  /** 10,000 top nodes; the 9,999th holds two children. */
  const many: TreeNode<string>[] = Array.from({ length: 10_000 }, (_, i) => ({
    id: i + 1,
    label: `Site ${i + 1}`,
    children:
      i === 9998
        ? [
            { id: 'a', label: 'Bay Alpha' },
            { id: 'b', label: 'Bay Beta' },
          ]
        : undefined,
  }));
  const items = () => screen.getAllByRole('treeitem');
  const focused = () => document.activeElement as HTMLElement;

  it('draws only the rows in view and a few around them, each with its level, place and set size', () => {
    render(<Tree nodes={many} aria-label="Sites" />);
    const drawn = items();
    expect(drawn.length).toBeGreaterThan(10);
    expect(drawn.length).toBeLessThanOrEqual(40);
    expect(drawn[0]).toHaveAccessibleName('Site 1');
    expect(drawn[0]).toHaveAttribute('aria-level', '1');
    expect(drawn[0]).toHaveAttribute('aria-posinset', '1');
    expect(drawn[0]).toHaveAttribute('aria-setsize', '10000');
    expect(screen.queryByText('Site 10000')).not.toBeInTheDocument();
  });

  it('moves by keys to the last row, drawing and focusing it, and back to the first', async () => {
    render(<Tree nodes={many} aria-label="Sites" />);
    act(() => items()[0]!.focus());
    await userEvent.keyboard('{End}');
    expect(focused()).toHaveAccessibleName('Site 10000');
    expect(focused()).toHaveAttribute('aria-posinset', '10000');
    expect(screen.queryByText('Site 1')).not.toBeInTheDocument();
    await userEvent.keyboard('{ArrowUp}');
    expect(focused()).toHaveAccessibleName('Site 9999');
    expect(items().length).toBeLessThanOrEqual(40);
    await userEvent.keyboard('{Home}');
    expect(focused()).toHaveAccessibleName('Site 1');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(focused()).toHaveAccessibleName('Site 3');
  });

  it('opens a node with the right arrow, goes into it, and back to its parent with the left one', async () => {
    render(<Tree nodes={many} aria-label="Sites" />);
    expect(screen.queryByRole('button', { name: 'Expand Site 9999' })).not.toBeInTheDocument();
    act(() => items()[0]!.focus());
    await userEvent.keyboard('{End}{ArrowUp}');
    expect(focused()).toHaveAccessibleName('Site 9999');
    expect(focused()).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{ArrowRight}');
    expect(focused()).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{ArrowRight}');
    expect(focused()).toHaveAccessibleName('Bay Alpha');
    expect(focused()).toHaveAttribute('aria-level', '2');
    expect(focused()).toHaveAttribute('aria-setsize', '2');
    await userEvent.keyboard('{ArrowDown}');
    expect(focused()).toHaveAttribute('aria-posinset', '2');
    await userEvent.keyboard('{ArrowLeft}');
    expect(focused()).toHaveAccessibleName('Site 9999');
    await userEvent.keyboard('{ArrowLeft}');
    expect(focused()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Bay Alpha')).not.toBeInTheDocument();
  });

  it('keeps the focused row drawn when it is scrolled out of view', () => {
    render(<Tree nodes={many} aria-label="Sites" />);
    const first = items()[0]!;
    act(() => first.focus());
    const box = screen.getByRole('tree').parentElement!;
    box.scrollTop = 200_000;
    fireEvent.scroll(box);
    expect(screen.getByText('Site 6251')).toBeInTheDocument();
    expect(first).toBeInTheDocument();
    expect(focused()).toBe(first);
    expect(items().length).toBeLessThanOrEqual(41);
  });

  it('makes the labels of the drawn rows only, with renderLabel', () => {
    const renderLabel = jest.fn((node: TreeNode<string>) => <a href={`#${String(node.id)}`}>{String(node.label)}</a>);
    render(<Tree nodes={many} renderLabel={renderLabel} aria-label="Sites" />);
    expect(screen.getByRole('link', { name: 'Site 1' })).toHaveAttribute('href', '#1');
    expect(items()[0]).toHaveAccessibleName('Site 1');
    expect(new Set(renderLabel.mock.calls.map(([node]) => node.id)).size).toBeLessThanOrEqual(40);
  });

  it('opens a search’s matches with their ancestors, the first match drawn', () => {
    render(<Tree nodes={many} search="bay beta" aria-label="Sites" />);
    expect(items().map((item) => [item.textContent, item.getAttribute('aria-level')])).toEqual([
      ['Site 9999', '1'],
      ['Bay Beta', '2'],
    ]);
    const { rerender } = render(<Tree nodes={many} search="site 99" aria-label="More sites" />);
    const tree = screen.getByRole('tree', { name: 'More sites' });
    // 'Site 99', 'Site 990'…: 111 matches, more than a window.
    expect(within(tree).getAllByRole('treeitem')[0]).toHaveAccessibleName('Site 99');
    expect(within(tree).getAllByRole('treeitem')[0]).toHaveAttribute('aria-setsize', '111');
    expect(within(tree).getAllByRole('treeitem').length).toBeLessThanOrEqual(40);
    rerender(<Tree nodes={many} search="" aria-label="More sites" />);
    expect(within(screen.getByRole('tree', { name: 'More sites' })).getAllByRole('treeitem')[0]).toHaveAccessibleName('Site 1');
  });
});

import { render, screen } from '@testing-library/react';
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

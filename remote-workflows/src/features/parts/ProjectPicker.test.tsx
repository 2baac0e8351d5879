import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProjectPicker, type ProjectChoice } from './ProjectPicker';

const choices: ProjectChoice[] = Array.from({ length: 2000 }, (_, i) => ({ projectId: i + 1, name: `Project ${String(i + 1).padStart(4, '0')}` }));

describe('ProjectPicker', () => {
  it('draws only the checkboxes in view of thousands of projects, and the others as the list scrolls', async () => {
    const onToggle = jest.fn();
    render(<ProjectPicker choices={choices} chosen={[2]} onToggle={onToggle} />);
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes.length).toBeLessThan(30);
    expect(screen.getByRole('checkbox', { name: 'Project 0002 (2)' })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'Project 1500 (1500)' })).toBeNull();
    const list = screen.getByRole('list');
    list.scrollTop = 1499 * 28;
    fireEvent.scroll(list);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Project 1500 (1500)' }));
    expect(onToggle).toHaveBeenCalledWith(1500, true);
    expect(screen.getAllByRole('checkbox').length).toBeLessThan(30);
  });

  it('keeps the focused checkbox drawn when the list scrolls away from it', () => {
    render(<ProjectPicker choices={choices} chosen={[]} onToggle={jest.fn()} />);
    const first = screen.getByRole('checkbox', { name: 'Project 0001 (1)' });
    first.focus();
    const list = screen.getByRole('list');
    list.scrollTop = 1000 * 28;
    fireEvent.scroll(list);
    expect(first).toBeInTheDocument();
    expect(document.activeElement).toBe(first);
    expect(screen.getByRole('checkbox', { name: 'Project 1001 (1001)' })).toBeInTheDocument();
  });

  it('draws every checkbox of a short list, filtered by name', async () => {
    render(<ProjectPicker choices={choices.slice(0, 20)} chosen={[]} onToggle={jest.fn()} />);
    expect(screen.getAllByRole('checkbox')).toHaveLength(20);
    await userEvent.type(screen.getByRole('textbox', { name: 'Filter projects' }), '0019');
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProjectTreeNode } from 'contracts/projects-sites';
import { ProjectsEditor } from './ProjectsEditor';

const project = (projectId: number, name: string, values: Partial<ProjectTreeNode> = {}): ProjectTreeNode => ({
  projectId,
  name,
  description: '',
  isActive: true,
  assignedTo: false,
  fromUserGroup: false,
  children: [],
  ...values,
});

/** Another licence's projects: one held directly, one through a group, two not held. */
const projects = [
  project(1, 'Mill Phase 1', { assignedTo: true }),
  project(2, 'Mill Phase 2', { fromUserGroup: true }),
  project(3, 'Mill Phase 3'),
  project(4, 'Mill Yard'),
];

describe('ProjectsEditor', () => {
  it('disables what cannot be given, with the reason beside it, and lets only a held project be removed', async () => {
    const onSave = jest.fn();
    render(<ProjectsEditor projects={projects} editable saving={false} onSave={onSave} notGivable={{ reason: 'Needs Access Other Projects' }} />);
    for (const name of ['Mill Phase 3', 'Mill Yard']) {
      const box = screen.getByRole('checkbox', { name: new RegExp(name) });
      expect(box).toBeDisabled();
      expect(box).toHaveAccessibleName(`${name} Needs Access Other Projects`);
    }
    // Held: removable, and said nothing about.
    expect(screen.getByRole('checkbox', { name: 'Mill Phase 1' })).toBeEnabled();
    // A group's: as always, shown and disabled.
    expect(screen.getByRole('checkbox', { name: /Mill Phase 2/ })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Select All Projects' })).toBeDisabled();
    const save = screen.getByRole('button', { name: 'Save projects' });
    expect(save).toBeDisabled();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Mill Phase 1' }));
    expect(save).toBeEnabled();
    await userEvent.click(save);
    expect(onSave).toHaveBeenCalledWith([]);
  });

  it('gives every project not a group’s when nothing is locked', () => {
    render(<ProjectsEditor projects={projects} editable saving={false} onSave={() => undefined} />);
    expect(screen.getByRole('checkbox', { name: 'Mill Phase 3' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Select All Projects' })).toBeEnabled();
    expect(screen.queryByText('Needs Access Other Projects')).toBeNull();
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemoteMount } from './RemoteMount';
import { configureMounts } from 'shared/host';

function Tabs({ projectId }: { projectId?: number }) {
  return <p>Workflow tabs of project {projectId}</p>;
}

function Broken(): never {
  throw new Error('the tabs crashed');
}

describe('RemoteMount', () => {
  it('renders the exposed part with its props', async () => {
    configureMounts(async (remote, exposed) => {
      expect([remote, exposed]).toEqual(['workflows', './ProjectResourceTabs']);
      return Tabs as never;
    });
    render(<RemoteMount remote="workflows" exposed="./ProjectResourceTabs" label="the workflow configuration" props={{ projectId: 7, kind: 'workflows' }} />);
    expect(await screen.findByText('Workflow tabs of project 7')).toBeInTheDocument();
  });

  it('shows its own fallback with the reason when the part cannot load, and Retry loads it again', async () => {
    let calls = 0;
    configureMounts(async () => {
      calls += 1;
      if (calls === 1) throw new Error('built for console kernel 2, this console runs 1');
      return Tabs as never;
    });
    render(
      <div>
        <h1>Project</h1>
        <RemoteMount remote="workflows" exposed="./ProjectResourceTabs" label="the workflow configuration" props={{ projectId: 3, kind: 'workflows' }} />
      </div>,
    );
    expect(await screen.findByText('This part is unavailable right now.')).toBeInTheDocument();
    expect(screen.getByText('The workflow configuration could not be loaded. The rest of the page keeps working.')).toBeInTheDocument();
    expect(screen.getByText('built for console kernel 2, this console runs 1')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Project' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Workflow tabs of project 3')).toBeInTheDocument();
  });

  it('keeps a crash of the part inside the part', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    configureMounts(async () => Broken as never);
    render(
      <div>
        <h1>Project</h1>
        <RemoteMount remote="workflows" exposed="./ProjectResourceTabs" label="the workflow configuration" props={{ projectId: 1, kind: 'workflows' }} />
      </div>,
    );
    expect(await screen.findByText('the tabs crashed')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Project' })).toBeInTheDocument();
  });
});

import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RemoteRoute } from 'shared';
import { RemoteSwitch, SectionLinkRedirect } from './RemoteArea';
import { useRemotes } from './remotes.store';

/** A route whose screen names itself, and a record of whether its module was asked for. */
function route(id: string, path: string) {
  const lazy = jest.fn(async () => ({ default: () => <h1>{id} screen</h1> }));
  const definition: RemoteRoute = { id, path, lazy, handle: { roles: 'signedIn' } };
  return { definition, lazy };
}

/** A remote of `routes` declared and with its code loaded, as the store holds it once a route opened. */
function readyRemote(id: string, routes: RemoteRoute[]) {
  const basePath = `/${id}`;
  return {
    status: 'ready' as const,
    attempt: 1,
    definition: {
      id,
      kernel: '^4.0.0',
      basePath,
      version: 'test',
      federation: { name: `remote_${id}`, entry: 'remoteEntry.js' },
      nav: [],
      routes: routes.map(({ id: routeId, path, handle }) => ({ id: routeId, path, handle })),
      parts: ['./routes'],
    },
    prefixes: [basePath],
    details: {},
    code: { status: 'ready' as const, attempt: 1, definition: { id, basePath, version: 'test', nav: [], routes } },
  };
}

describe('RemoteSwitch', () => {
  it('loads only the module of the screen the path matches, and draws it', async () => {
    const list = route('list', '/things');
    const view = route('view', '/things/:id/view');
    const edit = route('edit', '/things/:id/edit');
    useRemotes.setState({
      remotes: [{ id: 'things', name: 'remote_things', entry: '/remotes/things/mf-manifest.json' }],
      states: {
        things: readyRemote('things', [list.definition, view.definition, edit.definition]),
      },
    });
    const router = createMemoryRouter([{ path: '*', element: <RemoteSwitch /> }], { initialEntries: ['/things/7/view'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'view screen' })).toBeInTheDocument();
    expect(view.lazy).toHaveBeenCalledTimes(1);
    expect(list.lazy).not.toHaveBeenCalled();
    expect(edit.lazy).not.toHaveBeenCalled();
  });
});

describe('a sign-in’s landing screen', () => {
  it('waits while its opening data is on its way, then draws', async () => {
    const list = route('list', '/things');
    useRemotes.setState({
      remotes: [{ id: 'things', name: 'remote_things', entry: '/remotes/things/mf-manifest.json' }],
      states: { things: readyRemote('things', [list.definition]) },
      landing: { remoteId: 'things', routeId: 'list' },
    });
    const router = createMemoryRouter([{ path: '*', element: <RemoteSwitch /> }], { initialEntries: ['/things'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('status', { name: 'Loading the things section' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'list screen' })).not.toBeInTheDocument();
    act(() => useRemotes.setState({ landing: null }));
    expect(await screen.findByRole('heading', { name: 'list screen' })).toBeInTheDocument();
  });
});

describe('SectionLinkRedirect', () => {
  it('opens the route by its id with the link’s params, keeping the hash (a view’s tab)', async () => {
    const view = route('gadget.view', '/gadgets/:id/view');
    useRemotes.setState({
      remotes: [{ id: 'gadgets', name: 'remote_gadgets', entry: '/remotes/gadgets/mf-manifest.json' }],
      states: {
        gadgets: readyRemote('gadgets', [view.definition]),
      },
    });
    const router = createMemoryRouter(
      [
        { path: '/to/:remoteId/:routeId', element: <SectionLinkRedirect /> },
        { path: '*', element: <RemoteSwitch /> },
      ],
      { initialEntries: ['/to/gadgets/gadget.view?id=7#workflows'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'gadget.view screen' })).toBeInTheDocument();
    expect([router.state.location.pathname, router.state.location.hash]).toEqual(['/gadgets/7/view', '#workflows']);
  });
});

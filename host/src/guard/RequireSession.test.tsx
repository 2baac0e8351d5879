import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { useSession } from 'shared';
import { RequireSession } from './RequireSession';

function Where() {
  const { pathname, search } = useLocation();
  return <p>at {pathname + search}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <Where /> },
      { path: '/users/password/reset', element: <Where /> },
      { path: '/login/factor-setup', element: <Where /> },
      { element: <RequireSession />, children: [{ path: '*', element: <p>the page</p> }] },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

const session = { token: 't', sessionId: 's', roles: ['MENU_ADMIN_TOOL_ACCESS'], exp: Math.floor(Date.now() / 1000) + 600 };

describe('RequireSession', () => {
  afterEach(() => useSession.getState().signOut());

  it('sends a signed-out user to Login with the query kept and the page as returnTo', () => {
    renderAt('/projects?state=active');
    expect(screen.getByText('at /login?state=active&returnTo=%2Fprojects%3Fstate%3Dactive')).toBeInTheDocument();
  });

  it('treats an expired token as signed out', () => {
    useSession.setState({ ...session, exp: Math.floor(Date.now() / 1000) - 1 });
    renderAt('/users');
    expect(screen.getByText(/^at \/login/)).toBeInTheDocument();
  });

  it('sends a user who must update their password to the reset page', () => {
    useSession.setState({ ...session, mustUpdatePassword: true });
    renderAt('/users');
    expect(screen.getByText('at /users/password/reset')).toBeInTheDocument();
  });

  it('sends a user whose licence requires a second factor they lack to its set-up (issue 40)', () => {
    useSession.setState({ ...session, mustSetUpFactor: true });
    renderAt('/users');
    expect(screen.getByText('at /login/factor-setup')).toBeInTheDocument();
  });

  it('shows the page to a signed-in user', () => {
    useSession.setState(session);
    renderAt('/users');
    expect(screen.getByText('the page')).toBeInTheDocument();
  });
});

import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { SiteMessages, type SiteSearchItem, siteSearchCsvEndpoints } from 'contracts/projects-sites';
import { fakeApi, renderSignedIn, restoreApi, testQueryClient, isCall } from 'kit/testing';
import { PORTAL_ROLES } from 'shared';
import SiteSearchPage from './SiteSearchPage';

const item = (siteId: number, name: string, path: string, values: Partial<SiteSearchItem> = {}): SiteSearchItem => ({
  siteId,
  name,
  path,
  projectId: 3,
  projectName: 'Harbour Yard',
  active: true,
  ...values,
});
const FOUND = [item(11, 'Bin 4', 'Yard > Rack 2 > Bin 4'), item(12, 'Bin 4', 'Dock > Bin 4', { projectId: 5, projectName: 'Tower A', active: false })];

/** The searches asked (their query strings), as the fake API answered them. */
let searches: URLSearchParams[] = [];

function serve(total = FOUND.length, items = FOUND) {
  fakeApi((request) => {
    const { method, path, query } = request;
    if (isCall(request, siteSearchCsvEndpoints.searchSites)) {
      searches.push(query!);
      return { body: { items, total, totalExact: true, page: Number(query!.get('page') ?? 0), pageSize: 20 } };
    }
    return { status: 404, body: { Message: `Not served: ${method} ${path}` } };
  });
}

function renderPage(path = '/sites') {
  window.history.replaceState(null, '', path);
  const router = createBrowserRouter([
    { path: '/sites', element: <SiteSearchPage /> },
    { path: '/projects/:projectId/site/:siteId', element: <p>The site view</p> },
  ]);
  renderSignedIn(<RouterProvider router={router} />, PORTAL_ROLES, testQueryClient());
}

describe('SiteSearchPage', () => {
  afterEach(() => {
    cleanup();
    restoreApi();
    searches = [];
  });

  it('says what to type before a search and below 2 characters, and asks nothing of the server until then', async () => {
    serve();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sites' })).toBeInTheDocument();
    expect(await screen.findByText(SiteMessages.searchEmpty)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox'), 'b');
    expect(await screen.findByText(SiteMessages.searchTooShort)).toBeInTheDocument();
    expect(searches).toEqual([]);
  });

  it('searches as you type (debounced, in the URL), shows name, path, project and the Archived badge, and a row opens its site', async () => {
    serve();
    renderPage();
    await userEvent.type(await screen.findByRole('searchbox'), 'bin 4');
    const row = await screen.findByRole('row', { name: /Dock > Bin 4/ });
    expect(within(row).getByText('Archived')).toBeInTheDocument();
    expect(within(row).getByText('Tower A')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Yard > Rack 2 > Bin 4/ })).queryByText('Archived')).toBeNull();
    expect(searches.map((query) => query.get('q'))).toEqual(['bin 4']);
    expect(window.location.search).toBe('?q=bin+4');
    await userEvent.click(within(row).getByText('Dock > Bin 4'));
    expect(await screen.findByText('The site view')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/projects/5/site/12');
  });

  it('restores the search and page from the URL, pages on the server, and says when nothing matches', async () => {
    serve(45);
    renderPage('/sites?q=bin&page=1');
    expect(await screen.findByText('21–40 of 45')).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toHaveValue('bin');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(searches.map((query) => query.get('page'))).toEqual(['1', '2']));
    cleanup();
    restoreApi();
    serve(0, []);
    renderPage('/sites?q=zz');
    expect(await screen.findByText(SiteMessages.searchNoMatch)).toBeInTheDocument();
  });
});

import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SiteMessages, projectsSitesEndpoints } from 'contracts/projects-sites';
import { fakeApi, restoreApi, type FakeReply, type SentRequest, isCall } from 'kit/testing';
import SiteBulkPage from './SiteBulkPage';
import { nodesOf, PROJECT, PROJECT_ID, renderAt, site } from './sites.testing';

/** The project's sites: Site 1 > Area A. */
const EXISTING = nodesOf([site(7, 'Site 1', [site(8, 'Area A')])]);

let sent: SentRequest[] = [];

function serve(create: (body: unknown) => FakeReply = () => ({ status: 201, body: [] })) {
  sent = fakeApi((request) => {
    const { method, path, body } = request;
    if (isCall(request, projectsSitesEndpoints.getProject, { projectId: PROJECT_ID })) return { body: PROJECT };
    if (isCall(request, projectsSitesEndpoints.getSiteHierarchy, { projectId: PROJECT_ID })) return { body: EXISTING };
    if (isCall(request, projectsSitesEndpoints.createSites, { projectId: PROJECT_ID })) return create(body);
    return { status: 404, body: { Message: `Not served: ${method} ${path}` } };
  });
}

const renderPage = () => renderAt(<SiteBulkPage />, '/projects/:projectId/site/bulk', `/projects/${PROJECT_ID}/site/bulk`);
const lines = () => screen.getByRole('textbox', { name: 'Sites' });
const validate = () => userEvent.click(screen.getByRole('button', { name: 'Validate' }));

describe('SiteBulkPage', () => {
  afterEach(() => {
    cleanup();
    restoreApi();
  });

  it('asks for some sites, then lists each line’s problem with its line number and offers no preview', async () => {
    serve();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bulk Add Sites' })).toBeInTheDocument();
    expect(lines()).toHaveAttribute('placeholder', 'Site 1>Area A>Zone F>Bin 1');
    await validate();
    expect(screen.getByRole('alert')).toHaveTextContent(SiteMessages.bulkEmpty);

    await userEvent.type(lines(), `Yard>Rack 1{Enter}Yard>Bin$ 2{Enter}{Enter}Yard>${'x'.repeat(51)}`);
    await validate();
    const problems = within(screen.getByRole('alert'));
    expect(problems.getByText(`Line 2: ${SiteMessages.specialCharacters}`)).toBeInTheDocument();
    expect(problems.getByText(`Line 4: ${SiteMessages.tooLong}`)).toBeInTheDocument();
    expect(screen.queryByRole('tree')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Create/ })).toBeNull();
  });

  it('previews the tree with each site marked New or Existing (levels found in any case), then creates the new ones in one call', async () => {
    serve();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Bulk Add Sites' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Delimiter' }), 'Comma (,)');
    expect(lines()).toHaveAttribute('placeholder', 'Site 1,Area A,Zone F,Bin 1');
    await userEvent.type(lines(), 'site 1,area a,Zone F,Bin 1{Enter}Site 1,Area A,Zone F,Bin 2{Enter}Site 2');
    await validate();

    expect(screen.getByRole('heading', { name: 'Preview: 4 new sites' })).toBeInTheDocument();
    const preview = screen.getByRole('tree', { name: 'Sites after bulk entry' });
    const names = within(preview)
      .getAllByRole('treeitem')
      .map((item) => item.textContent);
    expect(names).toEqual(['Site 1Existing', 'Area AExisting', 'Zone FNew', 'Bin 1New', 'Bin 2New', 'Site 2New']);

    await userEvent.click(screen.getByRole('button', { name: 'Create 4 sites' }));
    expect(await screen.findByText('The project view')).toBeInTheDocument();
    const posts = sent.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual([
      {
        site: { name: 'Zone F', parentId: 8, projectId: PROJECT_ID },
        children: [
          { site: { name: 'Bin 1', parentId: null, projectId: PROJECT_ID }, children: [] },
          { site: { name: 'Bin 2', parentId: null, projectId: PROJECT_ID }, children: [] },
        ],
      },
      { site: { name: 'Site 2', parentId: null, projectId: PROJECT_ID }, children: [] },
    ]);
  });

  it('says when every line exists already, and a changed line needs validating again', async () => {
    serve();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Bulk Add Sites' });
    await userEvent.type(lines(), 'Site 1>Area A');
    await validate();
    expect(screen.getByText(SiteMessages.bulkNothingNew)).toBeInTheDocument();
    await userEvent.type(lines(), '>Bay 9');
    expect(screen.queryByText(SiteMessages.bulkNothingNew)).toBeNull();
    await validate();
    expect(screen.getByRole('button', { name: 'Create 1 site' })).toBeEnabled();
  });

  it('keeps the lines when the server refuses them (all or nothing)', async () => {
    serve(() => ({ status: 409, body: { Message: 'Site with name Site 2 already exists' } }));
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Bulk Add Sites' });
    await userEvent.type(lines(), 'Site 2');
    await validate();
    await userEvent.click(screen.getByRole('button', { name: 'Create 1 site' }));
    expect(await screen.findByRole('button', { name: 'Create 1 site' })).toBeEnabled();
    expect(lines()).toHaveValue('Site 2');
    expect(screen.queryByText('The project view')).toBeNull();
  });
});

import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SiteMessages, type SiteTreeNode, projectsSitesEndpoints } from 'contracts/projects-sites';
import { fakeApi, restoreApi, type FakeReply, type SentRequest, isCall } from 'kit/testing';
import SiteHierarchyPage from './SiteHierarchyPage';
import { nodesOf, PROJECT, PROJECT_ID, renderAt, site } from './sites.testing';

/** Yard (Rack A with Bin 1, Rack B) beside another top-level site, Gate. */
const TREES = nodesOf([site(10, 'Yard', [site(11, 'Rack A', [site(12, 'Bin 1')]), site(13, 'Rack B')]), site(20, 'Gate')]);

let sent: SentRequest[] = [];

function serve(save: (body: unknown) => FakeReply = () => ({ body: { Message: 'Saved.' } }), trees: () => SiteTreeNode[] = () => TREES) {
  sent = fakeApi((request) => {
    const { method, path, body } = request;
    if (isCall(request, projectsSitesEndpoints.getProject, { projectId: PROJECT_ID })) return { body: PROJECT };
    if (isCall(request, projectsSitesEndpoints.getSiteHierarchy, { projectId: PROJECT_ID })) return { body: trees() };
    if (isCall(request, projectsSitesEndpoints.updateSites, { projectId: PROJECT_ID })) return save(body);
    return { status: 404, body: { Message: `Not served: ${method} ${path}` } };
  });
}

const renderEditor = (siteId = 10) => renderAt(<SiteHierarchyPage />, '/projects/:projectId/site/:siteId/tree', `/projects/${PROJECT_ID}/site/${siteId}/tree`);
const nameOf = (label: string) => screen.getByRole('textbox', { name: `Name of ${label}` });
const save = () => screen.getByRole('button', { name: 'Save' });

describe('SiteHierarchyPage', () => {
  afterEach(() => {
    cleanup();
    restoreApi();
  });

  it('keeps Save disabled while a name breaks a rule or repeats a sibling’s in any case, with the message under it', async () => {
    serve();
    renderEditor();
    expect(await screen.findByRole('heading', { level: 1, name: 'Site hierarchy' })).toBeInTheDocument();
    expect(nameOf('Yard')).toHaveValue('Yard');
    expect(nameOf('Rack A')).toHaveValue('Rack A');
    expect(screen.queryByRole('textbox', { name: 'Name of Bin 1' })).toBeNull();
    expect(save()).toBeDisabled();

    await userEvent.clear(nameOf('Rack B'));
    await userEvent.type(nameOf('Rack B'), 'rack a');
    expect(nameOf('Rack B')).toHaveAccessibleDescription(SiteMessages.siblingsSameName);
    expect(nameOf('Rack A')).toHaveAccessibleDescription(SiteMessages.siblingsSameName);
    expect(save()).toBeDisabled();

    await userEvent.type(nameOf('Rack B'), '/2');
    expect(nameOf('Rack B')).toHaveAccessibleDescription(SiteMessages.specialCharacters);
    expect(nameOf('Rack A')).not.toHaveAccessibleDescription();
    expect(save()).toBeDisabled();

    await userEvent.clear(nameOf('Rack B'));
    expect(nameOf('Rack B')).toHaveAccessibleDescription(SiteMessages.nameBlank);
    await userEvent.type(nameOf('Rack B'), 'Rack C');
    expect(nameOf('Rack B')).not.toHaveAccessibleDescription();
    expect(save()).toBeEnabled();

    // The top site is checked against the project's other top-level sites.
    await userEvent.clear(nameOf('Yard'));
    await userEvent.type(nameOf('Yard'), 'GATE');
    expect(nameOf('Yard')).toHaveAccessibleDescription(SiteMessages.siblingsSameName);
    expect(save()).toBeDisabled();
  });

  it('adds children under any site, checks them too, removes new ones, and saves the tree in one call', async () => {
    serve();
    renderEditor();
    await screen.findByRole('heading', { level: 1, name: 'Site hierarchy' });
    await userEvent.click(screen.getByRole('button', { name: 'Expand Rack A' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add child site to Rack A' }));
    expect(nameOf('new site 1')).toHaveAccessibleDescription(SiteMessages.nameBlank);
    expect(save()).toBeDisabled();
    await userEvent.type(nameOf('new site 1'), 'BIN 1');
    expect(nameOf('new site 1')).toHaveAccessibleDescription(SiteMessages.siblingsSameName);
    await userEvent.clear(nameOf('new site 1'));
    await userEvent.type(nameOf('new site 1'), ' Bin 2 ');
    await userEvent.click(screen.getByRole('button', { name: 'Add child site to Yard' }));
    await userEvent.type(nameOf('new site 2'), 'Spare');
    await userEvent.click(screen.getByRole('button', { name: 'Remove new site 2' }));
    expect(screen.queryByRole('textbox', { name: 'Name of new site 2' })).toBeNull();
    // Saved sites are archived from their view, never removed here.
    expect(screen.queryByRole('button', { name: 'Remove Rack B' })).toBeNull();
    await userEvent.clear(nameOf('Rack B'));
    await userEvent.type(nameOf('Rack B'), 'Rack Two');
    expect(screen.getByText('1 renamed, 0 moved, 1 new.')).toBeInTheDocument();

    await userEvent.click(save());
    expect(await screen.findByText('The project view')).toBeInTheDocument();
    const puts = sent.filter((request) => request.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0]!.body).toEqual([
      {
        site: { siteId: 10, name: 'Yard', projectId: PROJECT_ID, parentId: null },
        children: [
          {
            site: { siteId: 11, name: 'Rack A', projectId: PROJECT_ID, parentId: 10 },
            children: [
              { site: { siteId: 12, name: 'Bin 1', projectId: PROJECT_ID, parentId: 11 }, children: [] },
              { site: { name: 'Bin 2', projectId: PROJECT_ID, parentId: 11 }, children: [] },
            ],
          },
          { site: { siteId: 13, name: 'Rack Two', projectId: PROJECT_ID, parentId: 10 }, children: [] },
        ],
      },
    ]);
  });

  it('after a failed save reads the tree again and shows what did save, keeping what did not', async () => {
    let trees = TREES;
    serve(
      () => {
        // The rename went through elsewhere; the new site did not.
        trees = nodesOf([site(10, 'Yard', [site(11, 'Rack A', [site(12, 'Bin 1')]), site(13, 'Rack Two')]), site(20, 'Gate')]);
        return { status: 500, body: {} };
      },
      () => trees,
    );
    renderEditor();
    await screen.findByRole('heading', { level: 1, name: 'Site hierarchy' });
    await userEvent.clear(nameOf('Rack B'));
    await userEvent.type(nameOf('Rack B'), 'Rack Two');
    await userEvent.click(screen.getByRole('button', { name: 'Add child site to Yard' }));
    await userEvent.type(nameOf('new site 1'), 'Spare');
    await userEvent.click(save());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SiteMessages.hierarchiesFailed);
    expect(await screen.findByText('0 renamed, 0 moved, 1 new.')).toBeInTheDocument();
    expect(nameOf('Rack Two')).toHaveValue('Rack Two');
    expect(within(screen.getByRole('list', { name: 'Hierarchy of Yard' })).queryByText(/Renamed from/)).toBeNull();
    expect(nameOf('new site 1')).toHaveValue('Spare');
    expect(screen.queryByText('The project view')).toBeNull();
    expect(sent.filter((request) => isCall(request, projectsSitesEndpoints.getSiteHierarchy))).toHaveLength(2);
  });

  it('says not found for a site the project does not hold', async () => {
    serve();
    renderEditor(999);
    expect(await screen.findByText('Site not found')).toBeInTheDocument();
  });
});

import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SiteMessages, projectsSitesEndpoints } from 'contracts/projects-sites';
import { fakeApi, restoreApi, type SentRequest, isCall } from 'kit/testing';
import SiteNewPage from './SiteNewPage';
import { PROJECT, PROJECT_ID, renderAt, site } from './sites.testing';

const SITES = [site(10, 'Yard', [site(11, 'Rack A')]), site(20, 'Gate')];

let sent: SentRequest[] = [];

function serve() {
  sent = fakeApi((request) => {
    const { method, path, body } = request;
    if (isCall(request, projectsSitesEndpoints.getProject, { projectId: PROJECT_ID })) return { body: PROJECT };
    if (isCall(request, projectsSitesEndpoints.getProjectSites, { projectId: PROJECT_ID })) return { body: SITES };
    if (isCall(request, projectsSitesEndpoints.createSites, { projectId: PROJECT_ID })) {
      const [tree] = body as { site: { name: string } }[];
      return { status: 201, body: [site(30, tree!.site.name)] };
    }
    return { status: 404, body: { Message: `Not served: ${method} ${path}` } };
  });
}

const renderNew = (query = '') => renderAt(<SiteNewPage />, '/projects/:projectId/site/new', `/projects/${PROJECT_ID}/site/new${query}`);
const name = () => screen.getByRole('textbox', { name: 'Name' });

describe('SiteNewPage', () => {
  afterEach(() => {
    cleanup();
    restoreApi();
  });

  it('says each name rule’s message as it is typed, siblings in any case, and an invalid save says the name is invalid', async () => {
    serve();
    renderNew();
    expect(await screen.findByRole('heading', { level: 1, name: 'New Site' })).toBeInTheDocument();
    await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(name()).toHaveAccessibleDescription(SiteMessages.nameBlank);
    expect(screen.getByText(SiteMessages.invalidSave)).toBeInTheDocument();
    expect(name()).toHaveFocus();

    await userEvent.type(name(), 'Bay; 1');
    expect(name()).toHaveAccessibleDescription(SiteMessages.specialCharacters);
    await userEvent.clear(name());
    await userEvent.type(name(), 'x'.repeat(51));
    expect(name()).toHaveAccessibleDescription(SiteMessages.tooLong);
    await userEvent.clear(name());
    await userEvent.type(name(), ' gate ');
    expect(name()).toHaveAccessibleDescription(SiteMessages.siblingsSameName);
    // Under Yard, Gate is free but Rack A is not.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Parent site' }), 'Yard');
    expect(name()).not.toHaveAccessibleDescription();
    await userEvent.clear(name());
    await userEvent.type(name(), 'RACK A');
    expect(name()).toHaveAccessibleDescription(SiteMessages.siblingsSameName);
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('offers the class only under a parent, and adds the site with its types, properties and overlays', async () => {
    serve();
    renderNew('?parentId=11');
    await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.getByRole('combobox', { name: 'Parent site' })).toHaveDisplayValue('Yard > Rack A');
    const classes = screen.getByRole('group', { name: 'Class' });
    expect(
      within(classes)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['area', 'warehouse', 'bin', 'muster', 'site']);
    await userEvent.click(within(classes).getByRole('radio', { name: 'Bin' }));
    await userEvent.type(name(), 'Bin 7');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Receivable' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Tools and Equipment' }));

    await userEvent.click(screen.getByRole('button', { name: 'Add property' }));
    const property = screen.getByRole('group', { name: 'Property 1' });
    await userEvent.type(within(property).getByRole('textbox', { name: 'Value' }), 'North');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(SiteMessages.propertyNameBlank)).toBeInTheDocument();
    await userEvent.type(within(property).getByRole('textbox', { name: 'Key' }), 'Side');
    await userEvent.click(screen.getByRole('button', { name: 'Add overlay' }));
    const overlay = screen.getByRole('group', { name: 'Overlay 1' });
    await userEvent.type(within(overlay).getByRole('textbox', { name: 'Overlay name' }), 'Plan');
    await userEvent.type(within(overlay).getByRole('textbox', { name: 'Link' }), 'https://example.com/plan.png');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Parent site' }), 'None (a top-level site)');
    expect(screen.queryByRole('group', { name: 'Class' })).toBeNull();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Parent site' }), '11');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The site view')).toBeInTheDocument();
    const posts = sent.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual([
      {
        site: {
          name: 'Bin 7',
          parentId: 11,
          projectId: PROJECT_ID,
          siteClass: 'bin',
          siteType: { receivable: true, issuable: false, quarantine: false, locked: false, toolsAndEquipment: true },
          properties: { overlays: [{ name: 'Plan', url: 'https://example.com/plan.png' }], userProperties: { Side: { value: 'North', type: 'string' } } },
        },
        children: [],
      },
    ]);
  });
});

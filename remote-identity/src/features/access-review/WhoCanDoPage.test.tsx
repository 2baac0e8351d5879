import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccessReviewMessages as M, accessReviewEndpoints, userEndpoints, type Holding } from 'contracts/identity';
import { projectsSitesEndpoints } from 'contracts/projects-sites';
import { formatDate } from 'kit';
import { fakeApi, isCall, type FakeReply, type SentRequest } from 'kit/testing';
import { apiKeyViewRoute } from '../api-keys/apiKeys.routes';
import { userViewRoute } from '../users/users.routes';
import { whoCanDoRoute } from './accessReview.routes';
import { CATALOGUE, holding, holdingPage, LICENSE_ID, leaveScreen, notServed, openScreen, SITE_ROLE_ID } from './accessReview.testing';
import WhoCanDoPage from './WhoCanDoPage';

const GRANTED = '2024-03-01T10:00:00Z';
const SEEN = '2025-05-20T08:00:00Z';

/** Administer Site: ann directly, bob through the Site leads group, the ci-bot key (inactive) directly. */
const HOLDERS: Holding[] = [
  holding({ holderName: 'ann', holderLabel: 'Ann Lee', grantedAt: GRANTED, grantedBy: 'admin', lastSeen: SEEN }),
  holding({ holderId: 8, holderName: 'bob', holderLabel: 'Bob Stone', viaKind: 'group', viaId: 4, viaName: 'Site leads' }),
  holding({ holderKind: 'key', holderId: 9, holderName: 'ci-bot', holderLabel: 'ak_3f9', holderActive: false }),
];

const HARBOUR = {
  projectId: 5,
  name: 'Harbour Yard',
  description: '',
  licenseId: LICENSE_ID,
  licenseName: 'Northwind',
  environmentId: null,
  parentProjectId: null,
  rootProjectId: null,
  isActive: true,
  numberOfUsers: 2,
};

/** The catalogue and Northwind's projects to choose from; the holders as `holders` answers. */
function serve(holders: (request: SentRequest) => FakeReply) {
  return fakeApi((request) => {
    if (isCall(request, userEndpoints.getRoleCatalogue)) return { body: CATALOGUE };
    if (isCall(request, projectsSitesEndpoints.getProjects)) return { body: [HARBOUR] };
    if (isCall(request, accessReviewEndpoints.getHolders)) return holders(request);
    return notServed(request);
  });
}

const open = (query = '') => openScreen(<WhoCanDoPage />, whoCanDoRoute.path, `${whoCanDoRoute.path}${query}`);
/** The table row of a holder, found by the link to their screen. */
const rowOf = async (name: string) => (await screen.findByRole('link', { name })).closest('tr')!;
const lookups = (sent: SentRequest[]) => sent.filter((request) => isCall(request, accessReviewEndpoints.getHolders));

/** Chooses Administer Site once the catalogue is in. */
async function choosePermission() {
  await screen.findByRole('option', { name: /^Administer Site/ });
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Permission' }), String(SITE_ROLE_ID));
}

describe('WhoCanDoPage', () => {
  afterEach(leaveScreen);

  it('asks what to look up first, and asks the server for no holders until then', async () => {
    const sent = serve(() => ({ body: holdingPage(HOLDERS) }));
    open();
    expect(screen.getByRole('heading', { level: 1, name: M.whoTitle })).toBeInTheDocument();
    expect(screen.getByText(M.pickSubject)).toBeInTheDocument();
    await screen.findByRole('option', { name: /^Administer Site/ });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(lookups(sent)).toEqual([]);
  });

  it('lists every holder of the chosen permission with the way each holds it, asking for that permission', async () => {
    const sent = serve(() => ({ body: holdingPage(HOLDERS) }));
    open();
    await choosePermission();
    const table = await screen.findByRole('table', { name: M.whoTitle });
    const ann = await rowOf('ann');
    expect(table).toContainElement(ann);
    expect(ann).toHaveTextContent(M.direct);
    expect(ann).toHaveTextContent(`${formatDate(GRANTED)} by admin`);
    expect(ann).toHaveTextContent(formatDate(SEEN));
    const bob = await rowOf('bob');
    expect(bob).toHaveTextContent(M.viaGroup('Site leads'));
    expect(bob).toHaveTextContent(M.beforeRecords);
    expect(bob).toHaveTextContent('Never');
    const key = await rowOf('ci-bot');
    expect(key).toHaveTextContent('API key');
    expect(key).toHaveTextContent('Inactive');
    expect(key).toHaveTextContent(M.direct);
    // Each holder opens their own screen.
    expect(within(ann).getByRole('link', { name: 'ann' })).toHaveAttribute('href', userViewRoute.to({ name: 'ann' }));
    expect(within(key).getByRole('link', { name: 'ci-bot' })).toHaveAttribute('href', apiKeyViewRoute.to({ id: 9 }));

    expect(lookups(sent)).toHaveLength(1);
    const { query } = lookups(sent)[0]!;
    expect(query?.get('kind')).toBe('role');
    expect(query?.get('id')).toBe(String(SITE_ROLE_ID));
  });

  it('shows an API key holding a project through All projects, for the project named in the link', async () => {
    const key = holding({
      holderKind: 'key',
      holderId: 9,
      holderName: 'ci-bot',
      holderLabel: 'ak_3f9',
      whatKind: 'project',
      whatId: 5,
      whatName: 'Harbour Yard',
      whatLabel: 'Harbour Yard',
      viaKind: 'all-projects',
    });
    const sent = serve(() => ({ body: holdingPage([key]) }));
    open('?kind=project&id=5');
    const row = await rowOf('ci-bot');
    expect(row).toHaveTextContent(M.allProjects);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Project' })).toHaveDisplayValue('Harbour Yard'));
    const { query } = lookups(sent)[0]!;
    expect(query?.get('kind')).toBe('project');
    expect(query?.get('id')).toBe('5');
  });

  it('says so when nobody holds the chosen permission', async () => {
    serve(() => ({ body: holdingPage([]) }));
    open();
    await choosePermission();
    expect(await screen.findByText(M.noHolders)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'ann' })).not.toBeInTheDocument();
  });

  it('shows the server’s message when the lookup fails', async () => {
    serve(() => ({ status: 500, body: { Message: 'The holders cannot be read right now.' } }));
    open();
    await choosePermission();
    expect(await screen.findByRole('alert')).toHaveTextContent('The holders cannot be read right now.');
    expect(screen.queryByText(M.loadFailed)).not.toBeInTheDocument();
  });
});

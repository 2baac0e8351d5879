import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemoteChannelMessages as M, remoteChannelEndpoints, type RemoteChannel, type RemotesHealth } from 'contracts/auth';
import { licensingEndpoints } from 'contracts/licensing';
import { fakeApi, isCall, renderSignedIn, restoreApi, type FakeReply, type SentRequest } from 'kit/testing';
import { notify, Role } from 'shared';
import { ReleaseChannels } from './ReleaseChannels';

type RemoteHealth = RemotesHealth['remotes'][number];

const LICENSES = [
  { licenseId: 3, name: 'Quay Co' },
  { licenseId: 5, name: 'Harbour Works' },
  { licenseId: 8, name: 'Northwind' },
].map((license) => ({
  ...license,
  company: 'Co',
  licenseType: 'Standard',
  ownerId: null,
  ownerName: null,
  environmentId: null,
  maxProjects: 5,
  maxUsers: 10,
  numProjects: 0,
  numUsers: 0,
  isActive: true,
  expiryDate: null,
  expiryNotificationDays: [],
  ssoUrl: null,
  customerCode: null,
  opportunityId: null,
}));

const build = (version: string, registeredAt: string) => ({
  remoteId: 'workflows',
  version,
  entry: `/remotes/workflows/${version}/mf-manifest.json`,
  kernel: '^4.0.0',
  registeredAt,
  registeredBy: 'admin',
});

const channel = (values: Partial<RemoteChannel> = {}): RemoteChannel => ({
  remoteId: 'workflows',
  stableVersion: '1.0.0',
  pilotVersion: null,
  pilotLicenseIds: [],
  pilotLicenses: [],
  pilotPercent: 0,
  rollback: null,
  autoRolledBack: null,
  ...values,
});

const remote = (values: Partial<RemoteHealth> = {}): RemoteHealth => ({
  remoteId: 'workflows',
  channel: channel(),
  versions: [],
  registered: [build('1.2.0', '2026-11-27T10:00:00.000Z'), build('1.1.0', '2026-11-20T10:00:00.000Z'), build('1.0.0', '2026-11-01T10:00:00.000Z')],
  ...values,
});

let sent: SentRequest[] = [];
let success: jest.SpyInstance;
let failure: jest.SpyInstance;

/** Answers the health page's reads with `health` (then with `after` once a pilot is set) and the pilot's PUT with `pilotReply`. */
function serve(health: RemoteHealth[], pilotReply: (body: unknown) => FakeReply = () => ({ body: channel() }), after?: RemoteHealth[]) {
  let current = health;
  sent = fakeApi((request) => {
    if (isCall(request, remoteChannelEndpoints.getRemotesHealth)) return { body: { remotes: current } };
    if (isCall(request, licensingEndpoints.getLicenses)) return { body: LICENSES };
    if (isCall(request, remoteChannelEndpoints.setRemotePilot, { remoteId: 'workflows' })) {
      const reply = pilotReply(request.body);
      if ((reply.status ?? 200) === 200 && after) current = after;
      return reply;
    }
    return { status: 404, body: { Message: `not served: ${request.method} ${request.path}` } };
  });
}

async function openDialog(button: string) {
  renderSignedIn(<ReleaseChannels />, [Role.ACCESS_ALL_CUSTOMER_LICENCES]);
  const card = await screen.findByRole('region', { name: 'workflows' });
  await userEvent.click(within(card).getByRole('button', { name: button }));
  return screen.findByRole('dialog');
}

const puts = () => sent.filter((request) => isCall(request, remoteChannelEndpoints.setRemotePilot, { remoteId: 'workflows' }));

describe('PilotDialog (Start a pilot on a release channel’s card)', () => {
  beforeEach(() => {
    success = jest.spyOn(notify, 'success').mockImplementation(() => '');
    failure = jest.spyOn(notify, 'error').mockImplementation(() => '');
  });
  afterEach(() => {
    cleanup();
    restoreApi();
    jest.restoreAllMocks();
  });

  it('starts a pilot with the keyboard: a registered version, licences by name, a share and a rule; the card then names the licences', async () => {
    const started = channel({
      pilotVersion: '1.2.0',
      pilotLicenseIds: [5, 3],
      pilotLicenses: [
        { licenseId: 5, name: 'Harbour Works' },
        { licenseId: 3, name: 'Quay Co' },
      ],
      pilotPercent: 10,
      rollback: { factor: 3, minViews: 200 },
    });
    serve([remote()], () => ({ body: started }), [remote({ channel: started })]);
    const dialog = await openDialog('Start a pilot');
    expect(dialog).toHaveAccessibleName('Start a pilot of workflows');

    // The stable version is not offered; the newest build comes first.
    const version = within(dialog).getByRole('combobox', { name: /Version/ });
    expect(
      within(version)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a version', '1.2.0 (Nov 27, 2026)', '1.1.0 (Nov 20, 2026)']);
    await userEvent.selectOptions(version, '1.2.0');
    // Licences by name (in the order of their names), one tick each, from the keyboard; the filter finds one.
    await within(dialog).findByRole('checkbox', { name: 'Harbour Works' });
    await userEvent.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Filter licences' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('checkbox', { name: 'Harbour Works' }));
    await userEvent.keyboard(' ');
    await userEvent.tab({ shift: true });
    await userEvent.keyboard('quay');
    expect(within(within(dialog).getByRole('list', { name: 'Licences' })).getAllByRole('checkbox')).toHaveLength(1);
    await userEvent.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('checkbox', { name: 'Quay Co' }));
    await userEvent.keyboard(' ');
    await userEvent.tab();
    expect(within(dialog).getByText('Harbour Works, Quay Co')).toBeInTheDocument();
    const share = within(dialog).getByRole('spinbutton', { name: 'Share of users (%)' });
    expect(document.activeElement).toBe(share);
    await userEvent.keyboard('{Backspace}10');
    await userEvent.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('checkbox', { name: /Roll back by itself/ }));
    await userEvent.keyboard(' ');
    const factor = within(dialog).getByRole('spinbutton', { name: 'Factor' });
    await userEvent.clear(factor);
    await userEvent.type(factor, '3');
    const views = within(dialog).getByRole('spinbutton', { name: 'Least page views' });
    await userEvent.clear(views);
    await userEvent.type(views, '200');
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Start the pilot' }));
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts().map((request) => request.body)).toEqual([{ version: '1.2.0', licenseIds: [5, 3], percent: 10, rollback: { factor: 3, minViews: 200 } }]);
    expect(success).toHaveBeenCalledWith(M.pilotStarted('workflows', '1.2.0'));
    // The health query was read again: the card shows the pilot, its licences by name, and Change pilot.
    const card = screen.getByRole('region', { name: 'workflows' });
    expect(await within(card).findByText('Harbour Works, Quay Co and 10% of users', { exact: false })).toBeInTheDocument();
    expect(card).toHaveTextContent('1.2.0 for licences Harbour Works, Quay Co and 10% of users');
    expect(within(card).getByRole('button', { name: 'Change pilot' })).toBeInTheDocument();
  });

  it('says what is missing before sending: a version, and an audience', async () => {
    serve([remote()]);
    const dialog = await openDialog('Start a pilot');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start the pilot' }));
    expect(await within(dialog).findByText(M.chooseVersion)).toBeInTheDocument();
    expect(within(dialog).getByText(M.noAudience)).toBeInTheDocument();
    // Focus goes to the first field to fix.
    expect(document.activeElement).toBe(within(dialog).getByRole('combobox', { name: /Version/ }));
    expect(puts()).toEqual([]);
  });

  it('shows the server’s refusal next to its field, without a toast, and keeps the dialog open', async () => {
    serve([remote()], () => ({ status: 400, body: { Message: M.licenseIds, errors: { licenseIds: M.licenseIds } } }));
    const dialog = await openDialog('Start a pilot');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Version/ }), '1.1.0');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Northwind' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start the pilot' }));
    const licenses = within(dialog).getByRole('group', { name: /Licences/ });
    expect(await within(licenses).findByRole('alert')).toHaveTextContent(M.licenseIds);
    expect(licenses).toHaveAccessibleDescription(M.licenseIds);
    expect(failure).not.toHaveBeenCalled();
    expect(success).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('changes a running pilot, starting from its version, licences, share and rule', async () => {
    const running = channel({
      pilotVersion: '1.1.0',
      pilotLicenseIds: [8],
      pilotLicenses: [{ licenseId: 8, name: 'Northwind' }],
      pilotPercent: 5,
      rollback: { factor: 2, minViews: 50 },
    });
    serve([remote({ channel: running })], (body) => ({ body: { ...running, ...(body as object) } }));
    const dialog = await openDialog('Change pilot');
    expect(dialog).toHaveAccessibleName('Change the pilot of workflows');
    expect(within(dialog).getByRole('combobox', { name: /Version/ })).toHaveValue('1.1.0');
    expect(await within(dialog).findByRole('checkbox', { name: 'Northwind' })).toBeChecked();
    expect(within(dialog).getByRole('spinbutton', { name: 'Share of users (%)' })).toHaveValue(5);
    expect(within(dialog).getByRole('spinbutton', { name: 'Factor' })).toHaveValue(2);
    // Without the rule, none is sent.
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Roll back by itself/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change the pilot' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts().map((request) => request.body)).toEqual([{ version: '1.1.0', licenseIds: [8], percent: 5, rollback: null }]);
  });

  it('says how to publish a build when the remote has none but its stable one', async () => {
    serve([remote({ registered: [build('1.0.0', '2026-11-01T10:00:00.000Z')] })]);
    const dialog = await openDialog('Start a pilot');
    expect(dialog).toHaveTextContent(M.noBuildToPilot('workflows'));
    expect(dialog).toHaveTextContent('npm run release -- workflows');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts()).toEqual([]);
  });
});

import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigMessages, locationLevelRange, pickLocationLevelConflict, type Config, type ConfigData } from 'contracts/licensing';
import { notify, Role } from 'shared';
import ConfigsPanel from './ConfigsPanel';
import { isCall, renderSignedIn, restoreApi } from 'kit/testing';
import { projectsSitesEndpoints } from 'contracts/projects-sites';
import { config, serve, type Override } from './configs.testing';

const levels = (min: unknown, max: unknown): ConfigData => ({
  configs: [
    {
      property: 'EnforceStorageLevels',
      parameters: [
        { name: 'MinimumLevels', value: min, label_name: 'Minimum levels', inputType: 'positiveNumber' },
        { name: 'MaximumLevels', value: max, label_name: 'Maximum levels', inputType: 'positiveNumber' },
      ],
    },
  ],
});
const receipt = (location: string): ConfigData => ({
  configs: [
    {
      property: 'ReceiptPost',
      parameters: [{ name: 'DirectHandoverPickLocation', value: location, label_name: 'Direct Handover Pick Location', inputType: 'text' }],
    },
  ],
});

/** Northwind Tower A as the demo seeds it: EnforceStorageLevels 2..4, ReceiptPost three levels deep, resource properties, a custom-integration config. */
const towerA = (): Config[] => [
  config(11, 'EnforceStorageLevels', levels(2, 4)),
  config(12, 'ReceiptPost', receipt('Main Warehouse > Aisle 1 > Shelf A')),
  config(13, 'ResourceProperties', { configs: [] }),
  config(14, 'CustomSiteBarcode', {
    configs: [
      {
        property: 'CustomSiteBarcode',
        parameters: [
          { name: 'Prefix', value: 'TA-', label_name: 'Barcode prefix', inputType: 'text' },
          { name: 'Tags', value: ['crane'], label_name: 'Tags', inputType: 'list' },
        ],
      },
    ],
  }),
];
const defaults = (): Config[] => [
  config(1, 'EnforceStorageLevels', levels(0, 0), { projectId: 1 }),
  config(2, 'ReceiptPost', receipt(''), { projectId: 1 }),
  config(3, 'ResourceProperties', { configs: [] }, { projectId: 1 }),
  config(
    4,
    'DocumentNameAutoNumbering',
    { configs: [{ property: 'DocumentNameAutoNumbering', parameters: [{ name: 'Enabled', value: true, bool: true, inputType: 'bool' }] }] },
    { projectId: 1 },
  ),
  config(
    5,
    'CustomSiteBarcode',
    { configs: [{ property: 'CustomSiteBarcode', parameters: [{ name: 'Prefix', value: '', label_name: 'Barcode prefix', inputType: 'text' }] }] },
    { projectId: 1 },
  ),
];

const OWNER = { kind: 'project', projectId: 12, licenseId: 2 } as const;
const SUPER = [Role.ACCESS_ALL_CUSTOMER_LICENCES];
const LICENSE_ADMIN = [Role.ACCESS_MY_CUSTOMER_LICENCE];

function open(roles: string[] = SUPER, override?: Override, configs = towerA()) {
  const store = { configs, defaults: defaults() };
  const sent = serve(store, override);
  renderSignedIn(<ConfigsPanel owner={OWNER} />, roles);
  return { store, sent };
}

const field = (name: string) => screen.getByRole('spinbutton', { name });
const textField = (name: string) => screen.getByRole('textbox', { name });
const tab = (name: string) => screen.findByRole('tab', { name });

describe('ConfigsPanel', () => {
  let success: jest.SpyInstance;
  let failure: jest.SpyInstance;
  beforeEach(() => {
    success = jest.spyOn(notify, 'success').mockImplementation(() => '');
    failure = jest.spyOn(notify, 'error').mockImplementation(() => '');
  });
  afterEach(() => {
    cleanup();
    jest.restoreAllMocks();
    restoreApi();
  });

  it('lists one tab per config but ResourceProperties, and names the configs that need custom integration', async () => {
    open();
    await tab('EnforceStorageLevels');
    expect(screen.getAllByRole('tab').map((one) => one.textContent)).toEqual(['EnforceStorageLevels', 'ReceiptPost', 'CustomSiteBarcode']);
    const notice = screen.getByText(ConfigMessages.customIntegration).closest<HTMLElement>('[role="status"]')!;
    expect(within(notice).getByRole('listitem')).toHaveTextContent('CustomSiteBarcode');
  });

  it('shows each rule’s message under its field as the user types, and keeps Save disabled while any', async () => {
    open();
    await tab('EnforceStorageLevels');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await userEvent.clear(field('Minimum levels'));
    await userEvent.type(field('Minimum levels'), '-1');
    expect(field('Minimum levels')).toHaveAccessibleDescription(ConfigMessages.negative);
    expect(field('Maximum levels')).not.toHaveAccessibleDescription(ConfigMessages.negative);
    expect(save).toBeDisabled();

    await userEvent.clear(field('Minimum levels'));
    await userEvent.type(field('Minimum levels'), '5');
    expect(field('Minimum levels')).toHaveAccessibleDescription(ConfigMessages.minAboveMax);
    expect(save).toBeDisabled();

    // 4..5 leaves out ReceiptPost's three-level pick location.
    await userEvent.clear(field('Maximum levels'));
    await userEvent.type(field('Maximum levels'), '5');
    await userEvent.clear(field('Minimum levels'));
    await userEvent.type(field('Minimum levels'), '4');
    expect(field('Minimum levels')).toHaveAccessibleDescription(pickLocationLevelConflict(3));
    expect(save).toBeDisabled();

    await userEvent.clear(field('Minimum levels'));
    expect(field('Minimum levels')).toHaveAccessibleDescription(ConfigMessages.numberRequired);
    await userEvent.type(field('Minimum levels'), '3');
    expect(field('Minimum levels')).not.toHaveAccessibleDescription();
    expect(save).toBeEnabled();

    // ReceiptPost against the saved EnforceStorageLevels (2..4).
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await userEvent.click(await tab('ReceiptPost'));
    const location = textField('Direct Handover Pick Location');
    await userEvent.clear(location);
    await userEvent.type(location, 'Yard>Rack');
    expect(location).toHaveAccessibleDescription(ConfigMessages.locationSeparator);
    await userEvent.clear(location);
    await userEvent.type(location, 'Yard');
    expect(location).toHaveAccessibleDescription(locationLevelRange(2, 4));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('saves the draft with the version read, and the toast comes with the saved config on screen', async () => {
    const { sent } = open(LICENSE_ADMIN);
    await tab('EnforceStorageLevels');
    await userEvent.clear(field('Maximum levels'));
    await userEvent.type(field('Maximum levels'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(ConfigMessages.saved));
    expect(sent.find((request) => request.method === 'PUT')).toEqual({
      method: 'PUT',
      path: 'configs',
      body: { id: 11, name: 'EnforceStorageLevels', projectId: 12, data: levels(2, 3), version: 1 },
    });
    expect(field('Maximum levels')).toHaveValue(3);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('on a 409 reads the configs again: the other save is shown, with the server’s message', async () => {
    let first = true;
    const { store } = open(SUPER, (request) => {
      if (request.method !== 'PUT' || !first) return undefined;
      first = false;
      // Someone else saved 2..3 meanwhile.
      store.configs = store.configs.map((one) => (one.id === 11 ? { ...one, data: levels(2, 3), version: 2 } : one));
      return { status: 409, body: { Message: ConfigMessages.changedSince } };
    });
    await tab('EnforceStorageLevels');
    await userEvent.clear(field('Maximum levels'));
    await userEvent.type(field('Maximum levels'), '4');
    await userEvent.clear(field('Minimum levels'));
    await userEvent.type(field('Minimum levels'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith(ConfigMessages.changedSince));
    expect(screen.getByRole('alert')).toHaveTextContent(ConfigMessages.changedSince);
    expect(field('Minimum levels')).toHaveValue(2);
    expect(field('Maximum levels')).toHaveValue(3);
    // The notice is this config's: another config's tab starts without it.
    await userEvent.click(screen.getByRole('tab', { name: 'ReceiptPost' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers the JSON view to super administrators only, checked by the same rules', async () => {
    open(LICENSE_ADMIN);
    await tab('EnforceStorageLevels');
    expect(screen.queryByRole('switch', { name: 'JSON view' })).toBeNull();
    cleanup();

    open(SUPER);
    await tab('EnforceStorageLevels');
    await userEvent.click(screen.getByRole('switch', { name: 'JSON view' }));
    const json = textField('JSON of EnforceStorageLevels');
    expect(JSON.parse((json as HTMLTextAreaElement).value)).toEqual(levels(2, 4));
    await userEvent.clear(json);
    await userEvent.type(json, '{{"configs": 1}');
    expect(json).toHaveAccessibleDescription(ConfigMessages.jsonInvalid);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'JSON view' })).toBeDisabled();

    await userEvent.clear(json);
    await userEvent.click(json);
    await userEvent.paste(JSON.stringify(levels(4, 2)));
    expect(screen.getByRole('alert')).toHaveTextContent(ConfigMessages.minAboveMax);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.clear(json);
    await userEvent.click(json);
    await userEvent.paste(JSON.stringify(levels(2, 3)));
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    await userEvent.click(screen.getByRole('switch', { name: 'JSON view' }));
    expect(field('Maximum levels')).toHaveValue(3);
  });

  it('adds a default the project does not have, with the default’s data, and opens its tab', async () => {
    const { sent } = open();
    const add = await screen.findByRole('combobox', { name: 'Add Config' });
    expect(
      within(add)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select an option...', 'DocumentNameAutoNumbering']);
    await userEvent.selectOptions(add, 'DocumentNameAutoNumbering');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(ConfigMessages.added));
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({ name: 'DocumentNameAutoNumbering', projectId: 12, data: defaults()[3]!.data });
    expect(screen.getByRole('tab', { name: 'DocumentNameAutoNumbering', selected: true })).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Enabled' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Add Config' })).toHaveTextContent(ConfigMessages.noNewConfigs);
    expect(screen.getByRole('combobox', { name: 'Add Config' })).toBeDisabled();
  });

  it('edits a list parameter as tags, and says when the project has no configs', async () => {
    const { sent } = open(SUPER);
    await userEvent.click(await tab('CustomSiteBarcode'));
    expect(screen.getByRole('list', { name: 'Items of Tags' })).toHaveTextContent('crane');
    await userEvent.type(textField('Tags'), 'hoist{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Remove item crane' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(success).toHaveBeenCalled());
    const body = sent.find((request) => request.method === 'PUT')!.body as Config;
    expect(body.data.configs[0]!.parameters[1]!.value).toEqual(['hoist']);
    cleanup();

    open(SUPER, undefined, []);
    expect(await screen.findByText(ConfigMessages.noProjectConfigs)).toBeVisible();
  });

  it('on a failed save reads the configs again and says so with the server’s message', async () => {
    const { sent } = open(SUPER, (request) => (request.method === 'PUT' ? { status: 400, body: { Message: ConfigMessages.minAboveMax } } : undefined));
    await tab('EnforceStorageLevels');
    await userEvent.clear(field('Maximum levels'));
    await userEvent.type(field('Maximum levels'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith(ConfigMessages.minAboveMax));
    const reads = sent.filter((request) => isCall(request, projectsSitesEndpoints.getProjectConfigs, { projectId: 12 }));
    expect(reads.length).toBeGreaterThanOrEqual(2);
    expect(field('Maximum levels')).toHaveValue(4);
  });
});

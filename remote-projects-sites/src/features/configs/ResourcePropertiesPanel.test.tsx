import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ConfigMessages,
  propertyRepeated,
  propertyRepeatedForTypes,
  readResourceProperty,
  writeResourceProperty,
  type Config,
  type ConfigData,
} from 'contracts/licensing';
import { notify, Role } from 'shared';
import { renderSignedIn, restoreApi } from 'kit/testing';
import { config, serve } from './configs.testing';
import ResourcePropertiesPanel from './ResourcePropertiesPanel';

/** Tower A's resource properties as the demo stores them (a plain name, a blob), and one only elevated administrators change. */
const properties = (): ConfigData => ({
  configs: [
    {
      property: 'HeatNumber',
      parameters: [{ name: 'HeatNumber', value: '', label_name: 'Heat Number', resourceTypes: [{ typeName: 'Material', typeNumber: 2 }] }],
    },
    {
      property: 'PaintSystem',
      parameters: [
        {
          name: JSON.stringify({ type: 'selection', selection: ['Zinc primer', 'Intumescent'], requiresElevated: false }),
          value: '',
          label_name: 'Paint System',
        },
      ],
    },
    writeResourceProperty({
      label_name: 'Weld Certificate',
      name: 'WeldCertificate',
      type: 'default',
      selection: [],
      requiresElevated: true,
      resourceTypes: [],
    }),
  ],
});

const OWNER = { kind: 'license', licenseId: 2 } as const;
const SUPER = [Role.ACCESS_ALL_CUSTOMER_LICENCES];
const LICENSE_ADMIN = [Role.ACCESS_MY_CUSTOMER_LICENCE];

function open(
  roles: string[],
  configs: Config[] = [config(21, 'ResourceProperties', properties(), { isLicense: true, licenseId: 2, projectId: null, systemConfigId: 21 })],
) {
  const store = { configs, defaults: [config(9, 'ResourceProperties', { configs: [] }, { isLicense: true, projectId: null })] };
  const sent = serve(store);
  renderSignedIn(<ResourcePropertiesPanel owner={OWNER} />, roles);
  return { store, sent };
}

const row = (name: string) => screen.getByRole('group', { name });
const problems = () => screen.getByRole('alert');

describe('ResourcePropertiesPanel', () => {
  let success: jest.SpyInstance;
  beforeEach(() => {
    success = jest.spyOn(notify, 'success').mockImplementation(() => '');
    jest.spyOn(notify, 'error').mockImplementation(() => '');
  });
  afterEach(() => {
    cleanup();
    jest.restoreAllMocks();
    restoreApi();
  });

  it('shows each property: its name, type, selections, resource types and elevation', async () => {
    open(SUPER);
    await screen.findByRole('group', { name: 'Heat Number' });
    expect(within(row('Heat Number')).getByRole('textbox', { name: 'Name' })).toHaveValue('Heat Number');
    expect(within(row('Heat Number')).getByRole('combobox', { name: 'Type' })).toHaveValue('default');
    expect(within(row('Heat Number')).getByText('Resource types: Material')).toBeVisible();
    expect(within(row('Paint System')).getByRole('combobox', { name: 'Type' })).toHaveValue('selection');
    const selections = within(row('Paint System')).getByRole('list', { name: 'Selections of Paint System' });
    expect(
      within(selections)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['Zinc primer', 'Intumescent']);
    expect(within(row('Weld Certificate')).getByRole('checkbox', { name: 'Requires elevated privileges' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('lists every rule’s message as the user types and keeps Save disabled while any', async () => {
    open(SUPER);
    await screen.findByRole('group', { name: 'Heat Number' });
    const save = screen.getByRole('button', { name: 'Save' });

    // A blank name.
    await userEvent.click(screen.getByRole('button', { name: 'Add property' }));
    expect(problems()).toHaveTextContent(ConfigMessages.propertyNameBlank);
    expect(save).toBeDisabled();
    const added = row('Property 4');
    expect(within(added).getByRole('textbox', { name: 'Name' })).toHaveFocus();

    // The same name again without resource types.
    await userEvent.type(within(added).getByRole('textbox', { name: 'Name' }), 'heat number');
    expect(problems()).not.toHaveTextContent(ConfigMessages.propertyNameBlank);
    expect(problems()).toHaveTextContent(propertyRepeated('Heat Number'));

    // For the same resource type.
    const again = row('heat number');
    await userEvent.click(within(again).getByText('Resource types: none specified'));
    await userEvent.click(within(again).getByRole('checkbox', { name: 'Material' }));
    expect(problems()).toHaveTextContent(propertyRepeatedForTypes('Heat Number', ['Material']));

    // Another type: no problem.
    await userEvent.click(within(again).getByRole('checkbox', { name: 'Material' }));
    await userEvent.click(within(again).getByRole('checkbox', { name: 'Equipment' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(save).toBeEnabled();

    // A restricted selection without choices.
    await userEvent.selectOptions(within(again).getByRole('combobox', { name: 'Type' }), 'selection');
    expect(problems()).toHaveTextContent(ConfigMessages.selectionRequired);
    expect(save).toBeDisabled();
    await userEvent.type(within(again).getByRole('textbox', { name: 'Selections' }), 'Low{Enter}High{Enter}');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(save).toBeEnabled();
  });

  it('saves the properties in the stored form with the version read; a property left alone keeps its entry', async () => {
    const { sent } = open(SUPER);
    await screen.findByRole('group', { name: 'Heat Number' });
    await userEvent.type(within(row('Paint System')).getByRole('textbox', { name: 'Selections' }), 'None{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Weld Certificate' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(ConfigMessages.licenseUpdated));
    const put = sent.find((request) => request.method === 'PUT')!;
    expect(put.path).toBe('license/2/configs');
    const body = put.body as Config;
    expect(body).toMatchObject({ id: 21, systemConfigId: 21, name: 'ResourceProperties', licenseId: 2, version: 1 });
    expect(body.data.configs[0]).toEqual(properties().configs[0]);
    expect(readResourceProperty(body.data.configs[1]!)).toMatchObject({
      label_name: 'Paint System',
      name: 'PaintSystem',
      selection: ['Zinc primer', 'Intumescent', 'None'],
    });
    expect(body.data.configs).toHaveLength(2);
  });

  it('keeps the properties that require elevated privileges read-only for anyone but a super administrator', async () => {
    open(LICENSE_ADMIN);
    const weld = await screen.findByRole('group', { name: 'Weld Certificate' });
    expect(within(weld).getByText(ConfigMessages.elevatedOnly)).toBeVisible();
    expect(within(weld).getByRole('textbox', { name: 'Name' })).toBeDisabled();
    expect(within(weld).getByRole('combobox', { name: 'Type' })).toBeDisabled();
    expect(within(weld).getByRole('checkbox', { name: 'Requires elevated privileges' })).toBeDisabled();
    expect(within(weld).queryByRole('button', { name: /^Remove/ })).toBeNull();
    // The others are editable, but none may be marked as requiring elevation.
    expect(within(row('Heat Number')).getByRole('textbox', { name: 'Name' })).toBeEnabled();
    expect(within(row('Heat Number')).getByRole('checkbox', { name: 'Requires elevated privileges' })).toBeDisabled();
    cleanup();

    open(SUPER);
    const unlocked = await screen.findByRole('group', { name: 'Weld Certificate' });
    expect(within(unlocked).getByRole('textbox', { name: 'Name' })).toBeEnabled();
    expect(within(unlocked).getByRole('checkbox', { name: 'Requires elevated privileges' })).toBeEnabled();
  });

  it('without a ResourceProperties config offers to add it from the defaults', async () => {
    const { sent } = open(SUPER, []);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Resource Properties Config' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(ConfigMessages.licenseAdded));
    expect(sent.find((request) => request.method === 'POST')).toEqual({
      method: 'POST',
      path: 'license/2/configs',
      body: { name: 'ResourceProperties', isLicense: true, licenseId: 2, data: { configs: [] } },
    });
    expect(await screen.findByText('There are no resource properties yet.')).toBeVisible();
  });
});

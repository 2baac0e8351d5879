import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalLicenseConfigReply } from 'contracts/licensing';
import { fakeApi, renderSignedIn, restoreApi, testQueryClient, type SentRequest } from 'kit/testing';
import { Role } from 'shared';
import { LicenseInternalConfiguration } from './LicenseInternalConfiguration';
import { internalConfigQuery } from './licenseSettings.api';

const LICENSE_ID = 4;

const REPLY: InternalLicenseConfigReply = {
  config: { CustomerCode: 'NWC-001', OpportunityId: null, ProjectOverrides: { '12': [{ type: 'region', value: 'north' }] } },
  projects: [
    { projectId: 12, name: 'Northwind Tower A' },
    { projectId: 13, name: 'Northwind Tower B' },
  ],
};

/** The requests the form made: method, path and body. */
let sent: SentRequest[] = [];

/** Answers POST with `{ Message }` (or `failure`) and GET with the configuration last posted. */
function serve(failure?: { status: number; body: unknown }) {
  let config = REPLY.config;
  sent = fakeApi(({ method, body }) => {
    if (method === 'GET') return { body: { ...REPLY, config } };
    if (failure) return failure;
    // As the server stores them: each project's overrides by type.
    const posted = body as typeof config & { ProjectOverrides: Record<string, { type: string; value: string }[]> };
    config = {
      ...posted,
      ProjectOverrides: Object.fromEntries(
        Object.entries(posted.ProjectOverrides).map(([id, list]) => [id, [...list].sort((a, b) => a.type.localeCompare(b.type))]),
      ),
    };
    return { body: { Message: 'Updated configs' } };
  });
}

function renderForm() {
  const client = testQueryClient(Number.POSITIVE_INFINITY);
  client.setQueryData(internalConfigQuery(LICENSE_ID).queryKey, REPLY);
  renderSignedIn(<LicenseInternalConfiguration licenseId={LICENSE_ID} />, [Role.ACCESS_ALL_CUSTOMER_LICENCES], client);
}

const override = (n: number) => screen.getByRole('group', { name: `Override ${n}` });
const posts = () => sent.filter((request) => request.method === 'POST');

describe('LicenseInternalConfiguration', () => {
  beforeEach(() => {
    sent = [];
  });
  afterEach(() => {
    cleanup();
    restoreApi();
  });

  it('shows the stored configuration, one row per override, with Save off until something changes', async () => {
    serve();
    renderForm();
    expect(screen.getByRole('textbox', { name: 'Customer code' })).toHaveValue('NWC-001');
    expect(screen.getByRole('textbox', { name: 'Opportunity id' })).toHaveValue('');
    expect(within(override(1)).getByRole('combobox', { name: 'Project' })).toHaveValue('12');
    expect(within(override(1)).getByRole('textbox', { name: 'Type' })).toHaveValue('region');
    expect(within(override(1)).getByRole('textbox', { name: 'Value' })).toHaveValue('north');
    const options = within(within(override(1)).getByRole('combobox', { name: 'Project' })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Select an option...', 'Northwind Tower A (12)', 'Northwind Tower B (13)']);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Opportunity id' }), 'OPP-9');
    expect(save).toBeEnabled();
    // Typed back to what is stored: unchanged again.
    await userEvent.clear(screen.getByRole('textbox', { name: 'Opportunity id' }));
    expect(save).toBeDisabled();
  });

  it('adds overrides (Save off while a row lacks its project or type), and posts every override grouped by project', async () => {
    serve();
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Add override' }));
    const row = override(2);
    // The new row's project select takes focus.
    expect(within(row).getByRole('combobox', { name: 'Project' })).toHaveFocus();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.tab();
    expect(await within(row).findByText('Please select a project.')).toBeVisible();
    await userEvent.selectOptions(within(row).getByRole('combobox', { name: 'Project' }), 'Northwind Tower A (12)');
    await userEvent.type(within(row).getByRole('textbox', { name: 'Type' }), 'region');
    await userEvent.tab();
    // One type once per project.
    expect(await within(row).findByText('The override region is given more than once for one project.')).toBeVisible();
    expect(save).toBeDisabled();
    await userEvent.clear(within(row).getByRole('textbox', { name: 'Type' }));
    await userEvent.type(within(row).getByRole('textbox', { name: 'Type' }), 'costCentre');
    await userEvent.type(within(row).getByRole('textbox', { name: 'Value' }), 'CC-40');
    await userEvent.click(screen.getByRole('button', { name: 'Add override' }));
    await userEvent.selectOptions(within(override(3)).getByRole('combobox', { name: 'Project' }), 'Northwind Tower B (13)');
    await userEvent.type(within(override(3)).getByRole('textbox', { name: 'Type' }), '  region ');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Customer code' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Opportunity id' }), 'OPP-9');
    expect(save).toBeEnabled();
    await userEvent.click(save);
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toEqual({
      method: 'POST',
      path: `license/${LICENSE_ID}/intelliwave-config`,
      body: {
        CustomerCode: null,
        OpportunityId: 'OPP-9',
        ProjectOverrides: {
          '12': [
            { type: 'region', value: 'north' },
            { type: 'costCentre', value: 'CC-40' },
          ],
          '13': [{ type: 'region', value: '' }],
        },
      },
    });
    // Saved and read again: nothing differs from what is stored.
    await waitFor(() => expect(save).toBeDisabled());
  });

  it('removes an override; removing every override posts none', async () => {
    serve();
    renderForm();
    await userEvent.click(within(override(1)).getByRole('button', { name: 'Remove override 1' }));
    expect(screen.queryByRole('group', { name: 'Override 1' })).toBeNull();
    expect(screen.getByText('No project overrides.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add override' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toEqual({ CustomerCode: 'NWC-001', OpportunityId: null, ProjectOverrides: {} });
  });

  it('adding a row and removing it again leaves the form unchanged', async () => {
    serve();
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Add override' }));
    await userEvent.click(within(override(2)).getByRole('button', { name: 'Remove override 2' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it("shows the server's message under its field when it refuses one", async () => {
    serve({ status: 400, body: { Message: 'The request is invalid.', errors: { OpportunityId: 'An opportunity id has at most 100 characters.' } } });
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'Opportunity id' }), 'OPP-9');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An opportunity id has at most 100 characters.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Opportunity id' })).toHaveAttribute('aria-invalid', 'true');
  });
});

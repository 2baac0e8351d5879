import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { SHORTCUT_TYPES, type Shortcut } from 'contracts/licensing';
import { fakeApi, renderSignedIn, restoreApi, testQueryClient, type SentRequest } from 'kit/testing';
import { Role } from 'shared';
import { shortcutsQuery } from './licenseSettings.api';
import { ReportShortcuts } from './ReportShortcuts';
import { moveBody } from './shortcuts';

const LICENSE_ID = 4;

const report = (id: number, reportName: string, values: Partial<Shortcut> = {}): Shortcut => ({
  id,
  reportName,
  reportPath: `/Reports/${reportName}`,
  type: null,
  order: null,
  ...values,
});

/** What GET shortcuts answers: every active report, with the licence's type or order (none when unassigned). */
const DEMO: Shortcut[] = [
  report(1, 'Stock On Hand', { type: 'inventory' }),
  report(5, 'Overdue Shipments', { type: 'shipments' }),
  report(6, 'Progress Summary', { order: 1 }),
  report(7, 'Earned Value', { order: 2 }),
  report(8, 'Hours By Trade'),
  report(9, 'Calibration Due'),
  report(10, 'Muster Report', { order: 3 }),
];

/** The requests the screen made: method, path and body. */
let sent: SentRequest[] = [];

/** Answers GET with `list` (then with whatever `afterWrite` makes of it), a write with `{ Message }` or `failure`. */
function serve(
  list: Shortcut[],
  options: { afterWrite?: (list: Shortcut[], body: unknown) => Shortcut[]; failure?: { status: number; Message: string } } = {},
) {
  let current = list;
  sent = fakeApi(({ method, body }) => {
    if (method === 'GET') return { body: current };
    if (options.failure) return { status: options.failure.status, body: { Message: options.failure.Message } };
    current = options.afterWrite?.(current, body) ?? current;
    return { body: { Message: 'ok' } };
  });
}

/** Applies a PUT body to the list as the server does (upsert: an entry with neither is unassigned). */
const upsert = (list: Shortcut[], body: unknown) =>
  list.map((s) => {
    const entry = (body as { id: number; type?: string; order?: number }[]).find((e) => e.id === s.id);
    return entry ? { ...s, type: entry.type ?? null, order: entry.order ?? null } : s;
  });

function renderTab(list: Shortcut[]) {
  const client = testQueryClient(Number.POSITIVE_INFINITY);
  client.setQueryData(shortcutsQuery(LICENSE_ID).queryKey, list);
  renderSignedIn(
    <MemoryRouter>
      <ReportShortcuts licenseId={LICENSE_ID} />
    </MemoryRouter>,
    [Role.ACCESS_MY_CUSTOMER_LICENCE],
    client,
  );
}

/** The table's rows as [report, kind, order or type]. */
const rowTexts = () =>
  within(screen.getByRole('table', { name: 'Report shortcuts' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((cell) => cell.textContent),
    );

const writes = () => sent.filter((request) => request.method !== 'GET');

describe('ReportShortcuts', () => {
  beforeEach(() => {
    sent = [];
  });
  afterEach(() => {
    cleanup();
    restoreApi();
  });

  it('lists the assigned shortcuts, basic ones first in their order, then dashboard ones, and no unassigned report', async () => {
    serve(DEMO);
    renderTab(DEMO);
    await screen.findByRole('table', { name: 'Report shortcuts' });
    expect(rowTexts()).toEqual([
      ['Progress Summary', 'Basic', '1'],
      ['Earned Value', 'Basic', '2'],
      ['Muster Report', 'Basic', '3'],
      ['Overdue Shipments', 'Dashboard', 'Shipments'],
      ['Stock On Hand', 'Dashboard', 'Inventory'],
    ]);
    expect(screen.queryByText('Hours By Trade')).toBeNull();
    // Dashboard shortcuts have no order to change.
    expect(screen.queryByRole('button', { name: 'Move up Stock On Hand' })).toBeNull();
  });

  it('moves a basic shortcut down and up at once, sending every basic one renumbered 1..n, and says so', async () => {
    serve(DEMO, { afterWrite: upsert });
    renderTab(DEMO);
    await userEvent.click(screen.getByRole('button', { name: 'Move down Progress Summary' }));
    await waitFor(() =>
      expect(rowTexts().slice(0, 3)).toEqual([
        ['Earned Value', 'Basic', '1'],
        ['Progress Summary', 'Basic', '2'],
        ['Muster Report', 'Basic', '3'],
      ]),
    );
    expect(writes()).toEqual([
      {
        method: 'PUT',
        path: `reports/${LICENSE_ID}/shortcuts`,
        body: [
          { id: 7, order: 1 },
          { id: 6, order: 2 },
          { id: 10, order: 3 },
        ],
      },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Progress Summary moved down, to position 2 of 3.');
    // Focus stays with the moved row's button, so the keyboard can move it again.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move down Progress Summary' })).toHaveFocus());

    await userEvent.click(screen.getByRole('button', { name: 'Move up Muster Report' }));
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()[1]!.body).toEqual([
      { id: 7, order: 1 },
      { id: 10, order: 2 },
      { id: 6, order: 3 },
    ]);
  });

  it('does nothing for Move up on the first basic shortcut or Move down on the last (both stay focusable)', async () => {
    serve(DEMO);
    renderTab(DEMO);
    const first = screen.getByRole('button', { name: 'Move up Progress Summary' });
    const last = screen.getByRole('button', { name: 'Move down Muster Report' });
    expect(first).toHaveAttribute('aria-disabled', 'true');
    expect(last).toHaveAttribute('aria-disabled', 'true');
    expect(first).toBeEnabled();
    await userEvent.click(first);
    await userEvent.click(last);
    expect(writes()).toEqual([]);
  });

  it('builds the move body from any stored order (gaps left by a deletion close up)', () => {
    const gappy = [report(1, 'A', { order: 2 }), report(2, 'B', { order: 5 }), report(3, 'C', { order: 9 }), report(4, 'D', { type: 'needs' })];
    expect(moveBody(gappy, 3, -1)).toEqual([
      { id: 1, order: 1 },
      { id: 3, order: 2 },
      { id: 2, order: 3 },
    ]);
    expect(moveBody(gappy, 1, -1)).toBeNull();
    expect(moveBody(gappy, 4, 1)).toBeNull();
  });

  it('deletes a shortcut after a confirmation', async () => {
    serve(DEMO, { afterWrite: (list) => list.map((s) => (s.id === 1 ? { ...s, type: null } : s)) });
    renderTab(DEMO);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Stock On Hand' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete shortcut' });
    expect(dialog).toHaveTextContent('Delete the Inventory dashboard shortcut of Stock On Hand?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([{ method: 'DELETE', path: `reports/${LICENSE_ID}/shortcuts/1`, body: undefined }]);
    expect(screen.queryByRole('cell', { name: 'Stock On Hand' })).toBeNull();
  });

  it('offers only the unassigned reports and the dashboard types no report has, and adds a dashboard shortcut', async () => {
    serve(DEMO, { afterWrite: upsert });
    renderTab(DEMO);
    await userEvent.click(screen.getByRole('button', { name: 'Add shortcut' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add shortcut' });
    const reportSelect = within(dialog).getByRole('combobox', { name: 'Report' });
    expect(
      within(reportSelect)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select an option...', 'Calibration Due', 'Hours By Trade']);
    const typeSelect = within(dialog).getByRole('combobox', { name: 'Type' });
    const types = within(typeSelect)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(types[0]).toBe('Basic Shortcut');
    expect(types).toHaveLength(1 + SHORTCUT_TYPES.length - 2);
    expect(types).not.toContain('Inventory');
    expect(types).not.toContain('Shipments');
    expect(types).toContain('Cable Schedule');

    // The report is required.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add shortcut' }));
    expect(await within(dialog).findByText('Please select a report.')).toBeVisible();
    expect(writes()).toEqual([]);

    await userEvent.selectOptions(reportSelect, 'Calibration Due');
    await userEvent.selectOptions(typeSelect, 'Tools');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add shortcut' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([{ method: 'PUT', path: `reports/${LICENSE_ID}/shortcuts`, body: [{ id: 9, type: 'tools' }] }]);
    expect(screen.getByRole('row', { name: /Calibration Due/ })).toHaveTextContent('Tools');
  });

  it('gives a new basic shortcut the next order', async () => {
    serve(DEMO, { afterWrite: upsert });
    renderTab(DEMO);
    await userEvent.click(screen.getByRole('button', { name: 'Add shortcut' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add shortcut' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Report' }), 'Hours By Trade');
    expect(within(dialog).getByRole('combobox', { name: 'Type' })).toHaveValue('basic');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add shortcut' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()[0]!.body).toEqual([{ id: 8, order: 4 }]);
    expect(rowTexts()[3]).toEqual(['Hours By Trade', 'Basic', '4']);
  });

  it('keeps the dialog open when the server refuses (a type another report took meanwhile)', async () => {
    serve(DEMO, { failure: { status: 409, Message: 'Another report already has the tools dashboard shortcut.' } });
    renderTab(DEMO);
    await userEvent.click(screen.getByRole('button', { name: 'Add shortcut' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add shortcut' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Report' }), 'Hours By Trade');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Type' }), 'Tools');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add shortcut' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(screen.getByRole('dialog', { name: 'Add shortcut' })).toBeInTheDocument();
  });

  it("says 'No reports available.' in the dialog when every report has a shortcut", async () => {
    const all = DEMO.map((s, i) => (s.type || s.order ? s : { ...s, order: 10 + i }));
    serve(all);
    renderTab(all);
    await userEvent.click(screen.getByRole('button', { name: 'Add shortcut' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add shortcut' });
    expect(within(dialog).getByText('No reports available.')).toBeVisible();
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows an empty state with Add shortcut when no report has a shortcut', async () => {
    const none = DEMO.map((s) => ({ ...s, type: null, order: null }));
    serve(none);
    renderTab(none);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('This license has no report shortcuts yet.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add shortcut' })).toBeVisible();
  });
});

import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NumberingMessages, projectsSitesEndpoints, type DocumentNumbering } from 'contracts/projects-sites';
import { fakeApi, isCall, renderSignedIn, restoreApi, testQueryClient, type SentRequest } from 'kit/testing';
import { Role } from 'shared';
import { DocumentNumberingTab } from './DocumentNumberingTab';
import { numberingQuery } from './project.api';

const PROJECT_ID = 12;

const rows: DocumentNumbering[] = [
  { property: 'PickNote', label: 'Pick Note', prefix: 'PCK-', value: 88, parentProperty: null },
  { property: 'Receipt', label: 'Receipt', prefix: 'RCV-', value: 1042, parentProperty: null },
  { property: 'Transfer', label: 'Transfer', prefix: 'TRF-', value: 15, parentProperty: null },
];

/** The requests the tab made: method, path and body. */
let sent: SentRequest[] = [];

/** Answers the numbering update with `answer` (each row's result), and a read of the numbers with `rows`. */
function serve(answer: (body: { resourceType: string; expectedNextNumber: number; newNextNumber: number }[]) => unknown[]) {
  sent = fakeApi((request) => ({ body: isCall(request, projectsSitesEndpoints.updateDocumentNumbering) ? answer(request.body as never) : rows }));
}

function renderTab(roles: string[] = [Role.ACCESS_ALL_CUSTOMER_LICENCES]) {
  const client = testQueryClient(Number.POSITIVE_INFINITY);
  client.setQueryData(numberingQuery(PROJECT_ID).queryKey, rows);
  renderSignedIn(<DocumentNumberingTab projectId={PROJECT_ID} />, roles, client);
}

const nextNumber = (label: string) => screen.getByRole('textbox', { name: `Next Number for ${label}` });

describe('DocumentNumberingTab', () => {
  beforeEach(() => {
    sent = [];
  });
  afterEach(() => {
    cleanup();
    restoreApi();
  });

  it('enables Save only once a number changed and while every number is valid', async () => {
    serve(() => []);
    renderTab();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.clear(nextNumber('Receipt'));
    await userEvent.type(nextNumber('Receipt'), '-5');
    expect(screen.getByText(NumberingMessages.nextNumber)).toBeVisible();
    expect(nextNumber('Receipt')).toHaveAccessibleDescription(NumberingMessages.nextNumber);
    expect(save).toBeDisabled();
    await userEvent.clear(nextNumber('Receipt'));
    await userEvent.type(nextNumber('Receipt'), '1100');
    expect(screen.queryByText(NumberingMessages.nextNumber)).toBeNull();
    expect(save).toBeEnabled();
  });

  it('sends only the changed rows with the numbers read, and lists the rows changed elsewhere with the question', async () => {
    // Receipt was changed elsewhere to 1500 since it was read; Pick Note is written.
    serve((body) =>
      body.map((row) =>
        row.resourceType === 'Receipt' ? { ...row, actualNextNumber: 1500, success: false } : { ...row, actualNextNumber: row.newNextNumber, success: true },
      ),
    );
    renderTab();
    await userEvent.clear(nextNumber('Receipt'));
    await userEvent.type(nextNumber('Receipt'), '2000');
    await userEvent.clear(nextNumber('Pick Note'));
    await userEvent.type(nextNumber('Pick Note'), '90');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: NumberingMessages.failedFor });
    const update = sent.find((request) => isCall(request, projectsSitesEndpoints.updateDocumentNumbering))!;
    expect(update).toEqual({
      method: 'POST',
      path: `${PROJECT_ID}/CentralLogin/autonumbering/update`,
      body: [
        { resourceType: 'PickNote', expectedNextNumber: 88, newNextNumber: 90 },
        { resourceType: 'Receipt', expectedNextNumber: 1042, newNextNumber: 2000 },
      ],
    });
    expect(
      within(dialog)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Document Type', 'New next number', 'Changed elsewhere to']);
    const receipt = within(dialog).getByRole('row', { name: /Receipt/ });
    expect(
      within(receipt)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2000', '1500']);
    expect(within(dialog).queryByRole('row', { name: /Pick Note/ })).toBeNull();
    expect(within(dialog).getByText(NumberingMessages.refreshQuestion)).toBeVisible();

    // Keep editing: the edit stays, the number it now overwrites is said, and a second save expects it.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(nextNumber('Receipt')).toHaveValue('2000');
    expect(nextNumber('Receipt')).toHaveAccessibleDescription('Changed elsewhere to 1500');
    sent.length = 0;
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog', { name: NumberingMessages.failedFor });
    expect(sent.find((request) => isCall(request, projectsSitesEndpoints.updateDocumentNumbering))?.body).toEqual([
      { resourceType: 'Receipt', expectedNextNumber: 1500, newNextNumber: 2000 },
    ]);
  });

  it('shows the numbers read-only to whoever may not update them', () => {
    serve(() => []);
    renderTab([Role.MENU_ADMIN_TOOL_ACCESS]);
    const receipt = screen.getByRole('row', { name: /Receipt/ });
    expect(
      within(receipt)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['RCV-', '1042']);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { AuditEntrySchema } from 'contracts/common';
import { AuditEntries } from './AuditEntries';

const entries = v.parse(v.array(AuditEntrySchema), [
  {
    auditId: 4,
    at: '2026-11-23T10:09:00Z',
    actorName: 'licadmin',
    actorUserId: 3,
    method: 'PUT',
    path: '/api/users/jsmith/password',
    status: 200,
    entity: 'user',
    entityId: '7',
    subject: 'user:7',
    licenseId: 2,
    changes: [{ field: 'password', before: null, after: '[redacted]' }],
    action: 'Password set by admin',
    changesShown: [{ field: 'password', label: 'Password', before: null, after: null, secret: true }],
  },
  {
    auditId: 3,
    at: '2026-11-23T10:07:00Z',
    actorName: 'licadmin',
    actorUserId: 3,
    method: 'POST',
    path: '/api/updateRoles',
    status: 200,
    entity: 'user-roles',
    entityId: '7',
    subject: 'user:7',
    licenseId: 2,
    changes: [{ field: 'user-roles', before: '["VIEW_MAP"]', after: '["ADMINISTER_SITE"]' }],
    action: 'Changed roles',
    changesShown: [{ field: 'user-roles', label: 'Roles', before: 'View Map', after: 'Administer Site', added: ['Administer Site'], removed: ['View Map'] }],
  },
  {
    auditId: 2,
    at: '2026-11-23T10:05:00Z',
    actorName: 'licadmin',
    actorUserId: 3,
    method: 'PUT',
    path: '/api/users/jsmith',
    status: 200,
    entity: 'user',
    entityId: '7',
    subject: 'user:7',
    licenseId: 2,
    changes: [
      { field: 'position', before: 'Rigger', after: 'Crane operator' },
      { field: 'comment', before: null, after: 'Moved to Tower B' },
    ],
    action: 'Changed position, comment',
    changesShown: [
      { field: 'position', label: 'Position', before: 'Rigger', after: 'Crane operator' },
      { field: 'comment', label: 'Comment', before: null, after: 'Moved to Tower B' },
    ],
  },
  {
    auditId: 1,
    at: '2026-11-23T10:00:00Z',
    actorName: null,
    actorUserId: null,
    method: 'POST',
    path: '/api/login',
    status: 401,
    entity: 'login',
    entityId: null,
    subject: null,
    licenseId: null,
    changes: [],
    action: 'Failed sign-in',
    changesShown: [],
  },
]);

/** An entry of a server that says nothing in words (an older API, or the platform's): still readable. */
const older = v.parse(v.array(AuditEntrySchema), [
  {
    auditId: 9,
    at: '2026-11-23T10:00:00Z',
    actorName: 'x',
    actorUserId: 1,
    method: 'PUT',
    path: '/api/users/x',
    status: 200,
    entity: 'user-roles',
    entityId: '7',
    subject: 'user:7',
    licenseId: 2,
    changes: [{ field: 'position', before: 'A', after: 'B' }],
  },
]);

describe('AuditEntries', () => {
  it('says what each entry did in words, each field by its label, the call only in a details line', async () => {
    render(<AuditEntries caption="History" entries={entries} total={4} page={0} onPageChange={() => {}} loading={false} pageSize={20} />);
    const table = await screen.findByRole('table', { name: 'History' });
    const [, password, roles, details, refused] = within(table).getAllByRole('row');

    expect(details).toHaveTextContent('licadmin');
    expect(within(details!).getByText('Changed position, comment')).toBeVisible();
    expect(within(details!).getByText('Position')).toBeInTheDocument();
    expect(within(details!).queryByText('position')).toBeNull();
    expect(details).toHaveTextContent('from Rigger → to Crane operator');
    expect(details).toHaveTextContent('from — → to Moved to Tower B');
    // The request, collapsed: there for whoever opens it, not in the way.
    const call = within(details!).getByText('PUT /api/users/jsmith');
    expect(call).not.toBeVisible();
    await userEvent.click(within(details!).getByText('Details'));
    expect(call).toBeVisible();

    expect(within(password!).getByText('Password set by admin')).toBeVisible();
    expect(password).toHaveTextContent('Password: changed');
    expect(password).not.toHaveTextContent('redacted');

    expect(within(roles!).getByText('Changed roles')).toBeVisible();
    expect(roles).toHaveTextContent('Added: Administer Site');
    expect(roles).toHaveTextContent('Removed: View Map');

    expect(refused).toHaveTextContent('System');
    expect(refused).toHaveTextContent('Failed sign-in');
    expect(refused).toHaveTextContent('Refused (401)');
  });

  it('reads an entry without words as before: its kind and each field with its stored values', async () => {
    render(<AuditEntries caption="History" entries={older} total={1} page={0} onPageChange={() => {}} loading={false} pageSize={20} />);
    const table = await screen.findByRole('table', { name: 'History' });
    const [, row] = within(table).getAllByRole('row');
    expect(row).toHaveTextContent('User roles');
    expect(row).toHaveTextContent('position');
    expect(row).toHaveTextContent('from A → to B');
  });

  it('says ‘via SCIM’ beside the key that made a change through SCIM, and nothing beside other actors', async () => {
    const viaScim = v.parse(v.array(AuditEntrySchema), [
      { ...older[0], auditId: 10, actorName: 'API key ck_12ab34cd (Entra ID)', actorUserId: null, channel: 'scim' },
      { ...older[0], auditId: 11, actorName: 'licadmin', channel: null },
    ]);
    render(<AuditEntries caption="History" entries={viaScim} total={2} page={0} onPageChange={() => {}} loading={false} pageSize={20} />);
    const table = await screen.findByRole('table', { name: 'History' });
    const [, scim, person] = within(table).getAllByRole('row');
    expect(scim).toHaveTextContent('API key ck_12ab34cd (Entra ID)via SCIM');
    expect(within(scim!).getByText('via SCIM')).toBeVisible();
    expect(person).not.toHaveTextContent('via SCIM');
  });

  it('on a phone shows each entry as a card headed by what it did, then when, who and its changes, with no sort to choose', async () => {
    window.matchMedia = ((query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
    try {
      render(<AuditEntries caption="History" entries={entries} total={4} page={0} onPageChange={() => {}} loading={false} pageSize={20} />);
      expect(screen.queryByRole('table')).toBeNull();
      const cards = within(await screen.findByRole('list', { name: 'History' })).getAllByRole('listitem');
      expect(cards).toHaveLength(4);
      expect(cards[0]!.firstElementChild).toHaveTextContent(/^Password set by admin/);
      expect(within(cards[0]!).getByText('Who')).toBeInTheDocument();
      expect(cards[0]).toHaveTextContent('licadmin');
      expect(cards[0]).toHaveTextContent('Password: changed');
      expect(within(cards[2]!).getByText('When')).toBeInTheDocument();
      expect(cards[2]).toHaveTextContent('from Rigger → to Crane operator');
      expect(screen.queryByRole('combobox', { name: 'Sort by' })).toBeNull();
    } finally {
      delete (window as { matchMedia?: unknown }).matchMedia;
    }
  });
});

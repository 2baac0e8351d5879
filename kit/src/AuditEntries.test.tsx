import { render, screen, within } from '@testing-library/react';
import * as v from 'valibot';
import { AuditEntrySchema } from 'contracts/common';
import { AuditEntries } from './AuditEntries';

const entries = v.parse(v.array(AuditEntrySchema), [
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
  },
  { auditId: 1, at: '2026-11-23T10:00:00Z', actorName: null, actorUserId: null, method: 'POST', path: '/api/login', status: 401, entity: 'login', entityId: null, subject: null, licenseId: null, changes: [] },
]);

describe('AuditEntries', () => {
  it('shows who, when, what and each changed field before and after, and a refused call as refused', async () => {
    render(<AuditEntries caption="History" entries={entries} total={2} page={0} onPageChange={() => {}} loading={false} pageSize={20} />);
    const table = await screen.findByRole('table', { name: 'History' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('licadmin');
    expect(first).toHaveTextContent('PUT /api/users/jsmith');
    expect(within(first!).getByText('position')).toBeInTheDocument();
    expect(first).toHaveTextContent('from Rigger → to Crane operator');
    expect(first).toHaveTextContent('from — → to Moved to Tower B');
    expect(second).toHaveTextContent('System');
    expect(second).toHaveTextContent('Refused (401)');
  });
});

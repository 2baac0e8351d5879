import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserImportReply } from 'contracts/identity';
import { importSummary, UserImportPreview } from './UserImportPreview';

const reply: UserImportReply = {
  applied: false,
  licenseId: 2,
  counts: { rows: 3, new: 1, changed: 1, unchanged: 0, refused: 1 },
  rows: [
    { line: 2, userName: 'ann', status: 'new', changes: [], problems: [] },
    { line: 3, userName: 'kim', status: 'changed', changes: [{ field: 'position', before: 'Rigger', after: 'Crane operator' }], problems: [] },
    { line: 4, userName: 'lou', status: 'refused', changes: [], problems: [{ column: 'email', message: 'Please enter a valid email.' }] },
  ],
  seats: [{ addOnId: 2, name: 'Material Control', needed: 3, used: 9, maxUsers: 10, free: 1, over: true }],
  unknownGroups: ['Night shift'],
  canApply: false,
  mailed: 0,
};

describe('UserImportPreview', () => {
  it('says what the rows do, the seats that do not fit, and the groups that do not exist', async () => {
    render(<UserImportPreview reply={reply} />);
    expect(screen.getByText(importSummary(reply))).toBeInTheDocument();
    expect(importSummary(reply)).toBe('3 rows: 1 new, 1 changed, 0 unchanged, 1 refused.');
    expect(screen.getByText('Night shift')).toBeInTheDocument();
    const seats = await screen.findByRole('table', { name: 'Seats the import takes' });
    expect(within(seats).getByRole('row', { name: /Material Control/ })).toHaveTextContent('No: 2 too many');
  });

  it('shows the refused rows first, with line, column and message, and a changed row’s before → after under its filter', async () => {
    render(<UserImportPreview reply={reply} />);
    const rows = await screen.findByRole('table', { name: 'The file’s rows' });
    expect(within(rows).getAllByRole('row')).toHaveLength(2);
    expect(within(rows).getByRole('row', { name: /lou/ })).toHaveTextContent('email: Please enter a valid email.');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'changed');
    const kim = within(rows).getByRole('row', { name: /kim/ });
    expect(kim).toHaveTextContent('Position');
    expect(kim).toHaveTextContent('from Rigger → to Crane operator');
  });
});

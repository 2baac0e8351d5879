import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type IntegrationReport } from 'contracts/projects-sites';
import { hasNextPage, importFileName, REPORT_NEXT_PAGE_AT } from './integrationReports.api';
import { IntegrationReportsTable } from './IntegrationReportsTable';

const report = (n: number, values: Partial<IntegrationReport> = {}): IntegrationReport => ({
  integrationReference: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  createTime: new Date(Date.UTC(2026, 2, 1, 10, 0) - n * 60_000).toISOString(),
  displayName: `Orders ${n}`,
  requestS3Key: `imports/7/12/${1000 + n}.csv`,
  userName: n % 2 ? 'jsmith' : 'api:Procore Sync',
  requestProjectId: 7,
  requestImportId: 12,
  dataLink: null,
  apiKeyName: null,
  ...values,
});
const reports = (count: number) => Array.from({ length: count }, (_, n) => report(n));

const renderTable = (props: Partial<React.ComponentProps<typeof IntegrationReportsTable>> = {}) => {
  const handlers = { onPageChange: jest.fn(), onRowClick: jest.fn() };
  render(<IntegrationReportsTable rows={reports(3)} page={0} loading={false} {...handlers} {...props} />);
  return handlers;
};

describe('importFileName', () => {
  it('is the last part of the request key', () => {
    expect(importFileName('imports/7/12/1004.csv')).toBe('1004.csv');
    expect(importFileName('orders.csv')).toBe('orders.csv');
    expect(importFileName('imports/7/')).toBe('7');
    expect(importFileName('')).toBe('');
    expect(importFileName(null)).toBe('');
  });
});

describe('hasNextPage', () => {
  it('offers the next page once a page holds 29 rows or more (spec 2 §9)', () => {
    expect(REPORT_NEXT_PAGE_AT).toBe(29);
    expect(hasNextPage(0)).toBe(false);
    expect(hasNextPage(28)).toBe(false);
    expect(hasNextPage(29)).toBe(true);
    expect(hasNextPage(30)).toBe(true);
  });
});

describe('IntegrationReportsTable', () => {
  it('shows Creation Date, Import Name, Import File (the key’s last part) and User', () => {
    renderTable();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Creation Date', 'Import Name', 'Import File', 'User']);
    const row = screen.getByRole('row', { name: /Orders 1/ });
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1)).toEqual(['Orders 1', '1001.csv', 'jsmith']);
    expect(cells[0]).toMatch(/^\d{1,2}\/3\/2026 \d{1,2}:\d{2}(AM|PM)$/);
  });

  it('offers no Next for a page of 28 rows, none before the first, and says which page it is (one-based)', () => {
    const { onPageChange } = renderTable({ rows: reports(28), page: 0 });
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('pages forward from a page of 29 and back from the second page', async () => {
    const { onPageChange } = renderTable({ rows: reports(29), page: 1 });
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenLastCalledWith(0);
  });

  it('opens a report by click or Enter', async () => {
    const { onRowClick } = renderTable();
    await userEvent.click(screen.getByRole('cell', { name: 'Orders 2' }));
    expect(onRowClick).toHaveBeenLastCalledWith(expect.objectContaining({ displayName: 'Orders 2' }));
    screen.getByRole('row', { name: /Orders 0/ }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(expect.objectContaining({ displayName: 'Orders 0' }));
  });

  it('shows the failure in place of the rows, and no Next', () => {
    renderTable({ rows: [], error: 'Failed to fetch integration reports.' });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch integration reports.');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('says when a project has no reports', () => {
    renderTable({ rows: [] });
    expect(screen.getByText('No integration reports for this project.')).toBeInTheDocument();
  });

  it('says a page past the last is empty, and goes back from it', async () => {
    const { onPageChange } = renderTable({ rows: [], page: 2 });
    expect(screen.getByText('No more integration reports.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });
});

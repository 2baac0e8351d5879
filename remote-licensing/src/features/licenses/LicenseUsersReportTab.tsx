import { useQuery } from '@tanstack/react-query';
import { LicenseMessages } from 'contracts/licensing';
import { Alert, Button, csvText, DataTable, FormField, loadable, Select, Spinner, type ColumnDef, urlParam, useUrlState } from 'kit';
import { errorMessage, saveFile } from 'shared';
import { usersReportQuery } from './licenses.api';
import { chartCsv, chartRows, chartSeries, CURRENT, monthOf, monthOptions, reportRows, type ReportRow } from './usersReport';

/**
 * The chart library (recharts) is loaded only here, when the chart is first drawn: it is in
 * no first load and on no other route (its own chunk).
 */
const UsersReportChart = loadable(
  () => import('./UsersReportChart').then((m) => m.UsersReportChart),
  <div className="flex h-72 items-center justify-center">
    <Spinner />
  </div>,
);

/** The month chosen, in the URL (`?month=2024-05`); Current by default. */
const reportParams = { month: urlParam.string(CURRENT) };

const columns: ColumnDef<ReportRow, unknown>[] = [
  { id: 'name', header: 'Product License', accessorFn: (row) => row.name },
  { id: 'users', header: 'Users', accessorFn: (row) => row.users, meta: { className: 'tabular-nums' } },
];

/**
 * The monthly users report (super administrators, spec 1): the selector (Current, or one month
 * and year per report from October 2018), the month's users per product licence as a table,
 * and every month's as a chart; both export as CSV.
 */
export function LicenseUsersReportTab({ licenseId, licenseName }: { licenseId: number; licenseName: string }) {
  const report = useQuery(usersReportQuery(licenseId));
  const [{ month }, setUrl] = useUrlState(reportParams);
  if (report.isPending)
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  if (report.isError) return <Alert variant="danger">{errorMessage(report.error, LicenseMessages.reportFailed)}</Alert>;

  const options = monthOptions(report.data);
  // A month the report does not hold (an old link) shows Current.
  const selected = options.some((option) => option.value === month) ? month : CURRENT;
  const selectedLabel = options.find((option) => option.value === selected)?.label ?? 'Current';
  const rows = reportRows(monthOf(report.data, selected));
  const series = chartSeries(report.data);
  const points = chartRows(report.data);
  const fileStem = `users-report-${licenseName.replace(/[^\w-]+/g, '-').replace(/^-|-$/g, '') || licenseId}`;

  const downloadChart = () => {
    const { header, lines } = chartCsv(report.data);
    saveFile(new Blob([csvText(header, lines)], { type: 'text/csv;charset=utf-8' }), `${fileStem}-by-month.csv`);
  };

  return (
    <div className="space-y-6">
      <FormField label="Month" className="max-w-xs">
        <Select options={options} value={selected} onChange={(event) => setUrl({ month: event.target.value })} />
      </FormField>
      <section aria-labelledby="users-report-table" className="space-y-2">
        <h2 id="users-report-table" className="text-sm font-semibold text-slate-900">
          Users per product license: {selectedLabel}
        </h2>
        <DataTable
          caption={`Users report, ${selectedLabel}`}
          data={rows}
          columns={columns}
          getRowId={(row) => String(row.addOnId)}
          emptyText="No users in this month."
          exportCsv={{ fileName: `${fileStem}-${selected}.csv` }}
        />
      </section>
      <section aria-labelledby="users-report-chart" className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="users-report-chart" className="text-sm font-semibold text-slate-900">
            Users per product license over the months
          </h2>
          <Button variant="secondary" size="sm" onClick={downloadChart}>
            Export chart CSV
          </Button>
        </div>
        <UsersReportChart rows={points} series={series} selected={selected} />
      </section>
    </div>
  );
}

/**
 * The monthly users report's arithmetic, apart from the screen: its months, the table of the
 * month chosen, and the chart's rows (users per product licence over the months).
 */
import type { MonthlyUsersReport } from 'contracts/licensing';

/** The report's first month (spec 1 §9: month 10 of 2018). */
export const REPORT_START = { month: 10, year: 2018 } as const;

/** The selector's value for today's figures. */
export const CURRENT = 'current';

type Month = MonthlyUsersReport['monthlyReports'][number];

/** One row of the report's table: a product licence and its users in the month chosen. */
export interface ReportRow {
  addOnId: number;
  name: string;
  users: number;
}

/** One point of the chart: a month, and the users of each product licence (keyed by `addonKey`). */
export type ChartRow = { key: string; label: string } & Record<string, number | string>;

/** One line of the chart: a product licence. */
export interface ChartSeries {
  key: string;
  name: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A month's value in the selector and the URL: '2024-05'. */
export const monthKey = (month: { year: number; month: number }) => `${month.year}-${String(month.month).padStart(2, '0')}`;

/** 'May 2024' (the selector), or 'May 24' short (the chart's axis). */
export const monthLabel = (month: { year: number; month: number }, short = false) =>
  short ? `${MONTHS[month.month - 1] ?? month.month} ${String(month.year).slice(2)}` : `${LONG_MONTHS[month.month - 1] ?? month.month} ${month.year}`;

/** The chart's key of a product licence. */
export const addonKey = (addOnId: number) => `addon${addOnId}`;

/** The selector: Current, then one month and year per report, newest first. */
export function monthOptions(report: MonthlyUsersReport): { value: string; label: string }[] {
  const months = [...report.monthlyReports].sort((a, b) => b.year - a.year || b.month - a.month);
  return [{ value: CURRENT, label: 'Current' }, ...months.map((month) => ({ value: monthKey(month), label: monthLabel(month) }))];
}

/** The month the selector names (today's for Current); undefined when the report has no such month. */
export function monthOf(report: MonthlyUsersReport, selected: string): Month | undefined {
  if (selected === CURRENT) return report.current;
  return report.monthlyReports.find((month) => monthKey(month) === selected);
}

/** The table of one month: each product licence with its users. */
export function reportRows(month: Month | undefined): ReportRow[] {
  return (month?.addOns ?? []).map((addon) => ({
    addOnId: addon.addOnId,
    name: addon.name ?? addon.shortName ?? `Product license ${addon.addOnId}`,
    users: addon.users,
  }));
}

/** The chart's lines: every product licence of any month, in the order the report gives them. */
export function chartSeries(report: MonthlyUsersReport): ChartSeries[] {
  const seen = new Map<number, string>();
  for (const month of [...report.monthlyReports, ...(report.current ? [report.current] : [])]) {
    for (const addon of month.addOns)
      if (!seen.has(addon.addOnId)) seen.set(addon.addOnId, addon.name ?? addon.shortName ?? `Product license ${addon.addOnId}`);
  }
  return [...seen].map(([addOnId, name]) => ({ key: addonKey(addOnId), name }));
}

/** The chart's points: each month, oldest first, then today's ('Current'); 0 for a product licence without a figure. */
export function chartRows(report: MonthlyUsersReport): ChartRow[] {
  const series = chartSeries(report);
  const months = [...report.monthlyReports].sort((a, b) => a.year - b.year || a.month - b.month);
  const point = (month: Month, key: string, label: string): ChartRow => {
    const row: ChartRow = { key, label };
    for (const line of series) row[line.key] = 0;
    for (const addon of month.addOns) row[addonKey(addon.addOnId)] = addon.users;
    return row;
  };
  return [
    ...months.map((month) => point(month, monthKey(month), monthLabel(month, true))),
    ...(report.current ? [point(report.current, CURRENT, 'Current')] : []),
  ];
}

/** The chart's data as a CSV's header and lines: Month, then one column per product licence. */
export function chartCsv(report: MonthlyUsersReport): { header: string[]; lines: (string | number)[][] } {
  const series = chartSeries(report);
  const months = [...report.monthlyReports].sort((a, b) => a.year - b.year || a.month - b.month);
  const rows = chartRows(report);
  const names = [...months.map((month) => monthLabel(month)), ...(report.current ? ['Current'] : [])];
  return {
    header: ['Month', ...series.map((line) => line.name)],
    lines: rows.map((row, index) => [names[index] ?? row.label, ...series.map((line) => row[line.key] as number)]),
  };
}

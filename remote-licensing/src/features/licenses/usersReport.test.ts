import type { MonthlyUsersReport } from 'contracts/licensing';
import { chartCsv, chartRows, chartSeries, CURRENT, monthOf, monthOptions, reportRows } from './usersReport';

const report: MonthlyUsersReport = {
  monthlyReports: [
    {
      year: 2018,
      month: 11,
      addOns: [
        { addOnId: 1, name: 'Base', users: 3 },
        { addOnId: 2, name: 'Material Control', users: 1 },
      ],
    },
    { year: 2018, month: 10, addOns: [{ addOnId: 1, name: 'Base', users: 2 }] },
  ],
  current: {
    year: 2026,
    month: 11,
    addOns: [
      { addOnId: 1, name: 'Base', users: 5 },
      { addOnId: 2, name: 'Material Control', users: 4 },
    ],
  },
};

describe('the monthly users report', () => {
  it('offers Current, then one month and year per report, newest first', () => {
    expect(monthOptions(report)).toEqual([
      { value: CURRENT, label: 'Current' },
      { value: '2018-11', label: 'November 2018' },
      { value: '2018-10', label: 'October 2018' },
    ]);
  });

  it('shows the chosen month as rows, today’s for Current, none for a month it does not hold', () => {
    expect(reportRows(monthOf(report, CURRENT))).toEqual([
      { addOnId: 1, name: 'Base', users: 5 },
      { addOnId: 2, name: 'Material Control', users: 4 },
    ]);
    expect(reportRows(monthOf(report, '2018-10'))).toEqual([{ addOnId: 1, name: 'Base', users: 2 }]);
    expect(reportRows(monthOf(report, '2017-01'))).toEqual([]);
  });

  it('charts every month oldest first, then Current, with 0 for a product licence without a figure', () => {
    expect(chartSeries(report)).toEqual([
      { key: 'addon1', name: 'Base' },
      { key: 'addon2', name: 'Material Control' },
    ]);
    expect(chartRows(report)).toEqual([
      { key: '2018-10', label: 'Oct 18', addon1: 2, addon2: 0 },
      { key: '2018-11', label: 'Nov 18', addon1: 3, addon2: 1 },
      { key: CURRENT, label: 'Current', addon1: 5, addon2: 4 },
    ]);
  });

  it('exports the chart’s data: Month, then a column per product licence', () => {
    expect(chartCsv(report)).toEqual({
      header: ['Month', 'Base', 'Material Control'],
      lines: [
        ['October 2018', 2, 0],
        ['November 2018', 3, 1],
        ['Current', 5, 4],
      ],
    });
  });
});

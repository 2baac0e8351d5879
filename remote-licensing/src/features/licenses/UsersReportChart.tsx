/**
 * The users report's chart, on recharts: this module is imported only lazily (by the users
 * report), so the library is a chunk of its own that only the licence view loads.
 */
import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartRow, ChartSeries } from './usersReport';

/** Distinct, readable line colours (cycled). */
const COLORS = ['#2563eb', '#dc2626', '#16a34a', '#9333ea', '#ea580c', '#0891b2', '#ca8a04', '#db2777', '#4b5563', '#65a30d'];

export interface UsersReportChartProps {
  rows: ChartRow[];
  series: ChartSeries[];
  /** The month the selector shows ('current' or '2024-05'): marked on the chart. */
  selected: string;
}

/** Users per product licence over the months, one line each, the chosen month marked. */
export function UsersReportChart({ rows, series, selected }: UsersReportChartProps) {
  const marked = rows.find((row) => row.key === selected)?.label;
  const last = rows.at(-1);
  const summary = last
    ? `Line chart of users per product license from ${rows[0]?.label ?? ''} to ${last.label}. ${series.map((line) => `${line.name}: ${String(last[line.key] ?? 0)}`).join(', ')} ` +
      `at the end.`
    : 'No months to chart.';
  return (
    <figure className="m-0">
      <div role="img" aria-label={summary} className="h-72 w-full min-w-0">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={rows} margin={{ top: 8, right: 12, bottom: 8, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
            <XAxis dataKey="label" tick={{ fontSize: 11, fill: '#475569' }} minTickGap={16} />
            <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: '#475569' }} />
            <Tooltip />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {marked ? <ReferenceLine x={marked} stroke="#0f172a" strokeDasharray="4 2" /> : null}
            {series.map((line, index) => (
              <Line
                key={line.key}
                type="monotone"
                dataKey={line.key}
                name={line.name}
                stroke={COLORS[index % COLORS.length]}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

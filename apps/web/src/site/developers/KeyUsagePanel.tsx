import type { ReactNode } from 'react';
import { DataTable } from '../../ui/DataTable.tsx';
import { formatCount } from '../../ui/format.ts';
import type { KeyUsage } from './developers-api.ts';
import { apiLabel, UsageChart } from './UsageChart.tsx';

/** A small table of figures, the last column a count; what to say when there is none. */
function FiguresTable<T>({
  caption,
  columns,
  rows,
  empty,
  cells,
}: {
  caption: string;
  columns: [string, string, string];
  rows: T[];
  empty: string;
  cells: (row: T) => [ReactNode, ReactNode, number];
}) {
  if (rows.length === 0)
    return (
      <p className="lb-usage__none">
        <strong>{caption}:</strong> {empty}
      </p>
    );
  const indexed = rows.map((row, i) => ({ i, cells: cells(row) }));
  return (
    <DataTable
      caption={caption}
      columns={[
        { header: columns[0], cell: (r) => r.cells[0] },
        { header: columns[1], cell: (r) => r.cells[1] },
        { header: columns[2], cell: (r) => formatCount(r.cells[2]), numeric: true },
      ]}
      rows={indexed}
      rowKey={(r) => String(r.i)}
    />
  );
}

/** One key's usage: calls a day, by endpoint, errors by status, refusals for the limit, pingbacks. */
export function KeyUsagePanel({ usage, from, to, label }: { usage: KeyUsage; from: string; to: string; label: string }) {
  const pingbacks = new Map<string, { api: string; action: string; count: number }>();
  for (const row of usage.pingbacks) {
    const id = `${row.api} ${row.action}`;
    const sum = pingbacks.get(id) ?? { api: row.api, action: row.action, count: 0 };
    sum.count += row.count;
    pingbacks.set(id, sum);
  }
  return (
    <section className="lb-usage" aria-label={`Usage of ${label}`}>
      <h4>Usage of {label}</h4>
      <UsageChart from={from} to={to} daily={usage.daily} />
      <div className="lb-usage__tables">
        <FiguresTable
          caption="Calls by endpoint"
          columns={['API', 'Endpoint', 'Calls']}
          rows={usage.endpoints}
          empty="No calls yet"
          cells={(r) => [apiLabel(r.api), <code key="endpoint">{r.endpoint}</code>, r.calls]}
        />
        <FiguresTable
          caption="Errors by status"
          columns={['API', 'Status', 'Calls']}
          rows={usage.errors}
          empty="No errors"
          cells={(r) => [apiLabel(r.api), String(r.status), r.calls]}
        />
        <FiguresTable
          caption="Pingbacks and shares"
          columns={['API', 'Action', 'Count']}
          rows={[...pingbacks.values()]}
          empty="None yet"
          cells={(r) => [apiLabel(r.api), r.action, r.count]}
        />
      </div>
      <p>Calls refused for the hourly limit: {formatCount(usage.rate_limited)}</p>
    </section>
  );
}

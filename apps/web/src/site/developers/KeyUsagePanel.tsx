import type { ReactNode } from 'react';
import type { KeyUsage } from './developers-api.ts';
import { apiLabel, UsageChart } from './UsageChart.tsx';

/** A small table of figures: a caption, column names, one row per item, and what to say when there is none. */
function FiguresTable<T>({ caption, columns, rows, empty, cells }: { caption: string; columns: string[]; rows: T[]; empty: string; cells: (row: T) => ReactNode[] }) {
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((name) => (
            <th key={name} scope="col">
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length}>{empty}</td>
          </tr>
        ) : (
          rows.map((row, i) => (
            <tr key={i}>
              {cells(row).map((cell, j) => (
                <td key={j}>{cell}</td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
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
        <FiguresTable caption="Calls by endpoint" columns={['API', 'Endpoint', 'Calls']} rows={usage.endpoints} empty="No calls yet" cells={(r) => [apiLabel(r.api), <code>{r.endpoint}</code>, r.calls]} />
        <FiguresTable caption="Errors by status" columns={['API', 'Status', 'Calls']} rows={usage.errors} empty="No errors" cells={(r) => [apiLabel(r.api), r.status, r.calls]} />
        <FiguresTable caption="Pingbacks and shares" columns={['API', 'Action', 'Count']} rows={[...pingbacks.values()]} empty="None yet" cells={(r) => [apiLabel(r.api), r.action, r.count]} />
      </div>
      <p>Calls refused for the hourly limit: {usage.rate_limited}</p>
    </section>
  );
}

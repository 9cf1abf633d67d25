import type { KeyUsage } from './developers-api.ts';
import { apiLabel, UsageChart } from './UsageChart.tsx';

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
        <table>
          <caption>Calls by endpoint</caption>
          <thead>
            <tr>
              <th scope="col">API</th>
              <th scope="col">Endpoint</th>
              <th scope="col">Calls</th>
            </tr>
          </thead>
          <tbody>
            {usage.endpoints.length === 0 ? (
              <tr>
                <td colSpan={3}>No calls yet</td>
              </tr>
            ) : (
              usage.endpoints.map((row) => (
                <tr key={`${row.api} ${row.endpoint}`}>
                  <td>{apiLabel(row.api)}</td>
                  <td>
                    <code>{row.endpoint}</code>
                  </td>
                  <td>{row.calls}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
        <table>
          <caption>Errors by status</caption>
          <thead>
            <tr>
              <th scope="col">API</th>
              <th scope="col">Status</th>
              <th scope="col">Calls</th>
            </tr>
          </thead>
          <tbody>
            {usage.errors.length === 0 ? (
              <tr>
                <td colSpan={3}>No errors</td>
              </tr>
            ) : (
              usage.errors.map((row) => (
                <tr key={`${row.api} ${row.status}`}>
                  <td>{apiLabel(row.api)}</td>
                  <td>{row.status}</td>
                  <td>{row.calls}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
        <table>
          <caption>Pingbacks and shares</caption>
          <thead>
            <tr>
              <th scope="col">API</th>
              <th scope="col">Action</th>
              <th scope="col">Count</th>
            </tr>
          </thead>
          <tbody>
            {pingbacks.size === 0 ? (
              <tr>
                <td colSpan={3}>None yet</td>
              </tr>
            ) : (
              [...pingbacks.values()].map((row) => (
                <tr key={`${row.api} ${row.action}`}>
                  <td>{apiLabel(row.api)}</td>
                  <td>{row.action}</td>
                  <td>{row.count}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <p>Calls refused for the hourly limit: {usage.rate_limited}</p>
    </section>
  );
}

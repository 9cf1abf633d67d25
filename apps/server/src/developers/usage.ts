import { sql } from 'kysely';
import { RATE_LIMITED_ENDPOINT } from './constants.ts';
import type { DevelopersDb } from './schema.ts';
import type { Built } from '@loopbox/contract/common';
import type { KeyUsage as KeyUsageSchema } from '@loopbox/contract/developers';

export type KeyUsage = Built<typeof KeyUsageSchema>;

/** The usage of an app's keys over the last `days` days, from the projections (api_usage_daily, api_pingbacks_daily). */
export async function appUsage(db: DevelopersDb, appId: string, days: number): Promise<{ from: string; to: string; keys: KeyUsage[] }> {
  const since = sql<string>`(current_date - ${days - 1}::int)`;
  const keys = await db.selectFrom('api_keys').select(['id', 'key']).where('app_id', '=', appId).orderBy('id', 'desc').execute();
  const names = keys.map((k) => k.key);
  const usage =
    names.length === 0
      ? []
      : await db
          .selectFrom('api_usage_daily')
          .select(['key', sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'api', 'endpoint', 'status', 'calls'])
          .where('key', 'in', names)
          .where('day', '>=', since)
          .execute();
  const pingbacks =
    names.length === 0
      ? []
      : await db
          .selectFrom('api_pingbacks_daily')
          .select(['key', sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'api', 'action', 'count'])
          .where('key', 'in', names)
          .where('day', '>=', since)
          .orderBy('day')
          .execute();
  const range = await sql<{
    from: string;
    to: string;
  }>`SELECT to_char(${since}, 'YYYY-MM-DD') AS "from", to_char(current_date, 'YYYY-MM-DD') AS "to"`.execute(db);
  return {
    ...range.rows[0]!,
    keys: keys.map(({ id, key }) => {
      const rows = usage.filter((r) => r.key === key);
      return {
        key_id: id,
        daily: sumBy(rows, (r) => ({ day: r.day, api: r.api })).sort((a, b) => a.day.localeCompare(b.day)),
        endpoints: sumBy(
          rows.filter((r) => r.endpoint !== RATE_LIMITED_ENDPOINT),
          (r) => ({ api: r.api, endpoint: r.endpoint }),
        ).sort((a, b) => b.calls - a.calls),
        errors: sumBy(
          rows.filter((r) => r.status >= 400),
          (r) => ({ api: r.api, status: r.status }),
        ).sort((a, b) => a.status - b.status),
        rate_limited: rows.filter((r) => r.endpoint === RATE_LIMITED_ENDPOINT).reduce((n, r) => n + Number(r.calls), 0),
        pingbacks: pingbacks
          .filter((r) => r.key === key)
          .map((r) => ({ day: r.day, api: r.api, action: r.action, count: Number(r.count) })),
      };
    }),
  };
}

/** Sums `calls` of the rows that share the fields `group` picks. */
function sumBy<R extends { calls: string | number }, G extends Record<string, string | number>>(
  rows: readonly R[],
  group: (row: R) => G,
): (G & { calls: number })[] {
  const sums = new Map<string, G & { calls: number }>();
  for (const row of rows) {
    const fields = group(row);
    const id = JSON.stringify(fields);
    const sum = sums.get(id) ?? { ...fields, calls: 0 };
    sum.calls += Number(row.calls);
    sums.set(id, sum);
  }
  return [...sums.values()];
}

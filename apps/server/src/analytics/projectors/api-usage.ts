import { sql } from 'kysely';
import { PINGBACK_ACTIONS } from '../../collector/constants.ts';
import { USAGE_EVENT_TYPE } from '../../developers/constants.ts';
import { GIF_ACTION_EVENT } from '../../gif-management/constants.ts';
import { dayOf, type LoggedEvent, type Projector } from './projector.ts';

export interface UsageRow {
  key: string;
  day: string;
  api: string;
  endpoint: string;
  status: number;
  calls: number;
}

export interface PingbackRow {
  key: string;
  day: string;
  api: string;
  action: string;
  count: number;
}

const PINGBACK_EVENTS = PINGBACK_ACTIONS.map((action) => `pingback.${action.toLowerCase()}`);

function add<T extends { [k in C]: number }, C extends string>(rows: Map<string, T>, id: string, fresh: T, column: C, n: number) {
  const row = rows.get(id) ?? fresh;
  row[column] = (row[column] + n) as T[C];
  rows.set(id, row);
}

/**
 * Pure folds: `api.usage` events (a process's call counts for one key, day, API, endpoint and status,
 * developers/usage-meter.ts) summed per bucket; pingbacks (GIPHY's collector) and Tenor's registershare
 * counted per key, day, API and action. Integer sums, so any batch split agrees.
 */
export function foldApiUsage(events: readonly LoggedEvent[]): { usage: UsageRow[]; pingbacks: PingbackRow[] } {
  const usage = new Map<string, UsageRow>();
  const pingbacks = new Map<string, PingbackRow>();
  for (const e of events) {
    const p = e.payload;
    if (e.type === USAGE_EVENT_TYPE) {
      if (
        typeof p.key !== 'string' ||
        typeof p.day !== 'string' ||
        typeof p.api !== 'string' ||
        typeof p.endpoint !== 'string' ||
        typeof p.status !== 'number' ||
        typeof p.calls !== 'number'
      )
        continue;
      const row: UsageRow = { key: p.key, day: p.day, api: p.api, endpoint: p.endpoint, status: p.status, calls: 0 };
      add(usage, [p.key, p.day, p.api, p.endpoint, p.status].join('\u0000'), row, 'calls', p.calls);
    } else if (typeof p.api_key === 'string') {
      const api = e.type === GIF_ACTION_EVENT ? 'tenor' : 'giphy';
      const action = e.type === GIF_ACTION_EVENT ? String(p.action).toUpperCase() : String(p.action_type);
      if (e.type === GIF_ACTION_EVENT && p.via !== 'tenor') continue;
      const day = dayOf(e.ts);
      add(pingbacks, [p.api_key, day, api, action].join('\u0000'), { key: p.api_key, day, api, action, count: 0 }, 'count', 1);
    }
  }
  return { usage: [...usage.values()], pingbacks: [...pingbacks.values()] };
}

/** Usage per API key (README, Developer keys): what the developer dashboard's charts read. */
export const apiUsageProjector: Projector = {
  name: 'api_usage',
  eventTypes: [USAGE_EVENT_TYPE, GIF_ACTION_EVENT, ...PINGBACK_EVENTS],
  tables: ['api_usage_daily', 'api_pingbacks_daily'],
  async apply(trx, events) {
    const { usage, pingbacks } = foldApiUsage(events);
    if (usage.length > 0) {
      await sql`
        INSERT INTO api_usage_daily (key, day, api, endpoint, status, calls)
        SELECT * FROM unnest(${usage.map((r) => r.key)}::text[], ${usage.map((r) => r.day)}::date[], ${usage.map((r) => r.api)}::text[],
          ${usage.map((r) => r.endpoint)}::text[], ${usage.map((r) => r.status)}::smallint[], ${usage.map((r) => r.calls)}::bigint[])
        ON CONFLICT (key, day, api, endpoint, status) DO UPDATE SET calls = api_usage_daily.calls + EXCLUDED.calls`.execute(trx);
    }
    if (pingbacks.length > 0) {
      await sql`
        INSERT INTO api_pingbacks_daily (key, day, api, action, count)
        SELECT * FROM unnest(${pingbacks.map((r) => r.key)}::text[], ${pingbacks.map((r) => r.day)}::date[], ${pingbacks.map((r) => r.api)}::text[],
          ${pingbacks.map((r) => r.action)}::text[], ${pingbacks.map((r) => r.count)}::bigint[])
        ON CONFLICT (key, day, api, action) DO UPDATE SET count = api_pingbacks_daily.count + EXCLUDED.count`.execute(trx);
    }
  },
};

import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { appendEvents, type NewEvent } from '../../apps/server/src/store/events.ts';
import type { Database } from '../../apps/server/src/store/schema.ts';
import { analyticsDb, type AnalyticsTables } from '../../apps/server/src/analytics/schema.ts';

/** Two creators and three GIFs (the third anonymous), inserted directly. */
export async function seedOwners(db: Kysely<Database>): Promise<{ alice: number; bob: number; gifs: [string, string, string] }> {
  const [alice, bob] = await db
    .insertInto('users')
    .values([{ username: 'alice_a' }, { username: 'bob_b' }])
    .returning('id')
    .execute();
  const gifs: [string, string, string] = ['gifAAA111', 'gifBBB222', 'gifCCC333'];
  await db
    .insertInto('gifs')
    .values([
      {
        id: gifs[0],
        type: 'gif',
        slug: 'a',
        title: 'A',
        rating: 'g',
        user_id: alice!.id,
        images: JSON.stringify({}),
        trending_datetime: '2026-01-01T00:00:00Z',
      },
      {
        id: gifs[1],
        type: 'gif',
        slug: 'b',
        title: 'B',
        rating: 'g',
        user_id: bob!.id,
        images: JSON.stringify({}),
        trending_datetime: '2026-01-02T00:00:00Z',
      },
      {
        id: gifs[2],
        type: 'gif',
        slug: 'c',
        title: 'C',
        rating: 'g',
        user_id: null,
        images: JSON.stringify({}),
        trending_datetime: '2026-01-03T00:00:00Z',
      },
    ])
    .execute();
  return { alice: alice!.id, bob: bob!.id, gifs };
}

export function pingback(
  action: 'seen' | 'click' | 'hover' | 'start' | 'sent',
  gifId: string,
  ts: Date,
  extra: { responseId?: string; pagePath?: string } = {},
): NewEvent {
  return {
    eventId: randomUUID(),
    type: `pingback.${action}`,
    stream: 'gif',
    streamId: gifId,
    ts,
    payload: {
      action_type: action.toUpperCase(),
      user_id: 'a1b2c3d4e5f6a7b8',
      event_type: extra.responseId ? 'GIF_SEARCH' : 'GIF_TRENDING',
      response_id: extra.responseId ?? '',
      attributes: { layout_type: 'GRID', ...(extra.pagePath ? { page_path: extra.pagePath } : {}) },
      client_ts: ts.getTime(),
      received_at: ts.toISOString(),
      // The key the collector took it with (the developer keys' projection counts per key).
      api_key: 'fixture_key',
    },
  };
}

/** A logged search; with `searcher` (a searcher's hash as the search log writes it) it may count toward trending. */
export function search(term: string, responseId: string, ts: Date, resultCount = 3, searcher?: string): NewEvent {
  return {
    eventId: `search:${responseId}`,
    type: 'search.performed',
    stream: 'search',
    streamId: term,
    ts,
    payload: { term, type: 'gifs', result_count: resultCount, response_id: responseId, ...(searcher ? { searcher } : {}) },
  };
}

/** A page view as the collector logs it: on the GIF's stream when it names one, else on the page stream. */
export function pageView(pagePath: string, ts: Date, extra: { gifId?: string; virtualPagePath?: string } = {}): NewEvent {
  return {
    eventId: randomUUID(),
    type: 'analytics.page_view',
    ...(extra.gifId ? { stream: 'gif', streamId: extra.gifId } : { stream: 'page', streamId: `/${pagePath.split('/')[1] ?? ''}` }),
    ts,
    payload: {
      kind: 'page_view',
      page_path: pagePath,
      ...(extra.virtualPagePath ? { virtual_page_path: extra.virtualPagePath } : {}),
      ...(extra.gifId ? { gif_id: extra.gifId } : {}),
      user_id: 'a1b2c3d4e5f6a7b8',
      client_ts: ts.getTime(),
      received_at: ts.toISOString(),
    },
  };
}

/** A counted action on a GIF (a download, a copied link, a share) as the management routes log it. */
export function gifAction(action: string, gifId: string, ts: Date): NewEvent {
  return {
    eventId: randomUUID(),
    type: 'gif.action',
    stream: 'gif',
    streamId: gifId,
    ts,
    payload: { action, actor: null, via: 'web', address: '127.0.0.1' },
  };
}

export const append = (db: Kysely<Database>, events: NewEvent[]) => db.transaction().execute((trx) => appendEvents(trx, events));

const TABLES: (keyof AnalyticsTables)[] = [
  'gif_counts',
  'user_counts',
  'gif_daily',
  'user_daily',
  'page_type_daily',
  'gif_trending',
  'search_trending',
  'search_responses',
  'user_search_terms',
  'page_views_daily',
  'gif_actions_daily',
  'api_usage_daily',
  'api_pingbacks_daily',
];

/** Every projection table's rows, sorted, as text: what "identical tables" compares. */
export async function snapshot(db: Kysely<Database>): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of TABLES) {
    const rows = await analyticsDb(db).selectFrom(table).selectAll().execute();
    out[table] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayProjections } from '../../apps/server/src/analytics/replay.ts';
import { createProjectionRunner } from '../../apps/server/src/analytics/runner.ts';
import { openStore, type Store } from '../../apps/server/src/store/db.ts';
import type { Database } from '../../apps/server/src/store/schema.ts';
import { startProcessGroup, type GroupMember } from '../support/process-group.ts';
import { startS3Server, type S3Server } from '../support/s3-server.ts';
import { scratchDatabase, storeKinds } from '../support/stores.ts';

const MAIN = path.resolve('tests/support/sample-server-main.ts');
const PROCESSES = 3;
const BATCHES = 240;
const EVENTS_PER_BATCH = 20;
const CONCURRENCY = 6;
const SEARCHES = 60;
/** The batch after which one process is killed with -9. */
const KILL_AFTER = 60;

/** Every projection table the runner keeps, read in a fixed order so two reads compare equal. */
const PROJECTIONS: Record<string, string> = {
  gif_counts: 'SELECT * FROM gif_counts ORDER BY gif_id',
  user_counts: 'SELECT * FROM user_counts ORDER BY user_id',
  gif_daily: 'SELECT * FROM gif_daily ORDER BY gif_id, day',
  gif_trending: 'SELECT gif_id, score, as_of, rank FROM gif_trending ORDER BY gif_id',
  search_trending: 'SELECT * FROM search_trending ORDER BY term',
  search_responses: 'SELECT * FROM search_responses ORDER BY response_id',
};

async function snapshot(db: Kysely<Database>): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [table, query] of Object.entries(PROJECTIONS)) out[table] = (await sql.raw(query).execute(db)).rows;
  return out;
}

/**
 * Three server processes (`npm start`'s wiring) on one PostgreSQL database and one bucket
 * (MEDIA_STORE=s3, each process its own data directory), pingbacks and searches
 * spread over them, one killed with -9 mid-load. A batch its process did not answer is sent again
 * to another one, as a client (or a load balancer) retries. Then: every acknowledged event is in the
 * log exactly once, each projection holds every logged event exactly once (it equals a replay of the
 * log), and each search answered by a process that stopped normally is logged exactly once.
 */
describe.skipIf(!storeKinds().includes('postgres'))('three processes on one PostgreSQL, one killed with -9 mid-load', () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let group: Awaited<ReturnType<typeof startProcessGroup>>;
  let store: Store;
  let s3: S3Server;

  beforeAll(async () => {
    s3 = await startS3Server();
    scratch = await scratchDatabase();
    group = await startProcessGroup(MAIN, PROCESSES, scratch.url, {
      ...s3.env,
      MEDIA_PUBLIC_URL: `${s3.endpoint}/${s3.bucket}`,
      RATE_LIMIT_PER_ADDRESS: '1000000',
      RATE_LIMIT_PER_KEY: '1000000',
    });
    store = await openStore({ databaseUrl: scratch.url, poolSize: 2 });
  }, 300_000);
  afterAll(async () => {
    await group?.close();
    await store?.close();
    await scratch?.drop();
    await s3?.stop();
  });

  it('logs every acknowledged event once and folds it once, whichever process took it', async () => {
    const [first] = group.members as [GroupMember];
    const listed = (await (await fetch(`${first.baseUrl}/v1/gifs/trending?limit=25&api_key=${group.webKey}`)).json()) as {
      data: { id: string; analytics_response_payload: string; images: { original: { url: string } } }[];
    };
    // The processes run on the bucket: answers name renditions under its URL.
    expect(listed.data[0]!.images.original.url.startsWith(`${s3.endpoint}/${s3.bucket}/`)).toBe(true);
    const payloads = listed.data.map((g) => g.analytics_response_payload);
    expect(payloads.length).toBeGreaterThan(5);

    const acknowledged = new Set<string>();
    const acknowledgedBy = new Map<GroupMember, number>();
    const searchesAnswered: { responseId: string; by: GroupMember }[] = [];
    const victim = group.members[1]!;
    let next = 0;
    let sent = 0;
    const live = () => group.members.filter((m) => m.alive());
    const post = async (batch: object[], attempt: number): Promise<void> => {
      const members = live();
      const target = members[(sent++ + attempt) % members.length]!;
      try {
        const res = await fetch(`${target.baseUrl}/v2/pingback?apikey=${group.webKey}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ events: batch }),
        });
        if (res.status !== 200) throw new Error(`status ${res.status}`);
        const { data } = (await res.json()) as { data: { accepted: number; duplicates: number; rejected: unknown[] } };
        expect(data.rejected).toEqual([]);
        for (const e of batch as { event_id: string }[]) acknowledged.add(e.event_id);
        acknowledgedBy.set(target, (acknowledgedBy.get(target) ?? 0) + 1);
      } catch {
        // Not acknowledged (the process died under it): the same batch, same event ids, to another process.
        if (attempt > 5) throw new Error('batch never acknowledged');
        await post(batch, attempt + 1);
      }
    };
    const client = async () => {
      for (;;) {
        const n = next++;
        if (n >= BATCHES) return;
        if (n === KILL_AFTER) void victim.kill();
        if (n < SEARCHES) {
          const target = live()[n % live().length]!;
          const res = await fetch(`${target.baseUrl}/v1/gifs/search?q=term${n % 7}%20cat&api_key=${group.webKey}`).catch(() => null);
          if (res?.status === 200)
            searchesAnswered.push({ responseId: ((await res.json()) as { meta: { response_id: string } }).meta.response_id, by: target });
        }
        const batch = Array.from({ length: EVENTS_PER_BATCH }, (_, i) => ({
          event_id: randomUUID(),
          action_type: i % 5 === 0 ? 'CLICK' : 'SEEN',
          analytics_response_payload: payloads[(n + i) % payloads.length],
          user_id: 'a1b2c3d4e5f6a7b8',
          ts: Date.now(),
          attributes: { layout_type: 'GRID' },
        }));
        await post(batch, 0);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, client));
    expect(victim.alive()).toBe(false);
    expect(acknowledged.size).toBe(BATCHES * EVENTS_PER_BATCH);
    // Every process took its share, the killed one before it died.
    for (const m of group.members) expect(acknowledgedBy.get(m) ?? 0).toBeGreaterThan(0);

    // The survivors stop normally: their search logs flush, their runners finish what they started.
    const survivors = group.members.filter((m) => m !== victim);
    // Folding is left to the survivors' runners; wait until every projector has passed the last event.
    const { max } = (await store.db
      .selectFrom('events')
      .select((eb) => eb.fn.max('seq').as('max'))
      .executeTakeFirstOrThrow()) as { max: string };
    for (let waited = 0; ; waited += 100) {
      const behind = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM projector_state WHERE last_seq < ${max}::bigint AND name IN ('counts', 'daily', 'trending_gifs')`.execute(
        store.db,
      );
      if (behind.rows[0]!.n === 0) break;
      if (waited > 60_000) throw new Error('projections did not catch up');
      await new Promise((r) => setTimeout(r, 100));
    }
    await Promise.all(survivors.map((m) => m.stop()));
    // What the survivors logged as they stopped (their last searches) is folded by one more runner, as a restart would.
    await createProjectionRunner(store.db).catchUp();

    // Acknowledged events: each in the log exactly once.
    const ids = [...acknowledged];
    const logged = await sql<{ n: number; distinct_ids: number }>`
      SELECT count(*)::int AS n, count(DISTINCT event_id)::int AS distinct_ids FROM events WHERE event_id = ANY(${ids}::text[])`.execute(
      store.db,
    );
    expect(logged.rows[0]).toEqual({ n: ids.length, distinct_ids: ids.length });

    // Projections: every logged pingback counted once, and the tables equal a replay of the log.
    const seen = await sql<{ n: number }>`SELECT count(*)::int AS n FROM events WHERE type = 'pingback.seen'`.execute(store.db);
    const views = await sql<{ n: number }>`SELECT coalesce(sum(views), 0)::int AS n FROM gif_counts`.execute(store.db);
    expect(views.rows[0]!.n).toBe(seen.rows[0]!.n);
    const folded = await snapshot(store.db);
    await replayProjections(store.db);
    expect(await snapshot(store.db)).toEqual(folded);

    // Searches: each answered by a process that stopped normally is logged exactly once; none twice.
    const fromSurvivors = searchesAnswered.filter((s) => s.by !== victim).map((s) => `search:${s.responseId}`);
    const searchEvents = await sql<{ event_id: string }>`SELECT event_id FROM events WHERE type = 'search.performed'`.execute(store.db);
    const logCount = new Map<string, number>();
    for (const row of searchEvents.rows) logCount.set(row.event_id, (logCount.get(row.event_id) ?? 0) + 1);
    expect(fromSurvivors.length).toBeGreaterThan(0);
    for (const id of fromSurvivors) expect(logCount.get(id)).toBe(1);
    expect([...logCount.values()].every((n) => n === 1)).toBe(true);
  }, 300_000);
});

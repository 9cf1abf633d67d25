/**
 * A scheduled post survives a kill -9: the server is killed before the post's time and started again
 * after it (the test moves the restarted server's clock two minutes on, so nothing waits for a
 * minute), and the post's GIFs are published exactly once: one committed publish, one event each.
 */
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../apps/server/src/accounts/create.ts';
import { accountsDb } from '../../apps/server/src/accounts/schema.ts';
import { createAccessToken } from '../../apps/server/src/tokens/store.ts';
import { testUsername } from '../support/accounts.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { storeKinds } from '../support/stores.ts';

const MINUTE = 60_000;

describe.each(storeKinds())('a scheduled post and kill -9 (%s)', { timeout: 600_000 }, (kind) => {
  let proc: ServerProcess | undefined;
  afterAll(async () => {
    await proc?.close();
  });

  it('publishes after a restart past its time, exactly once', async () => {
    proc = await startServerProcess(kind);
    const server = proc;
    const { token, gifs } = await server.readStore(async (db) => {
      const username = testUsername('sched');
      return accountsDb(db)
        .transaction()
        .execute(async (trx) => {
          const userId = await createAccount(
            trx,
            { username, email: `${username}@example.test`, passwordHash: null, role: 'creator', emailVerified: true },
            { userId: null, via: 'cli', address: 'test' },
          );
          const picked = await sql<{
            id: string;
          }>`SELECT id FROM gifs WHERE NOT is_hidden AND NOT is_removed AND type = 'gif' ORDER BY id LIMIT 2`.execute(trx);
          const ids = picked.rows.map((r) => r.id);
          await sql`UPDATE gifs SET user_id = ${userId} WHERE id = ANY(${ids}::text[])`.execute(trx);
          return { token: (await createAccessToken(trx, userId, { label: 'sched', scope: 'creator' })).token, gifs: ids };
        });
    });
    const scheduled = await fetch(`${server.baseUrl}/schedule`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        gifs: gifs.map((id) => ({ id, is_sticker: false, type: 'gif' })),
        timestamp: new Date(Date.now() + MINUTE).toISOString(),
        public_gifs: 'private_until_publish',
      }),
    });
    expect(scheduled.status).toBe(201);
    const postId = ((await scheduled.json()) as { data: { id: string } }).data.id;
    const gifStatus = async (id: string) => (await fetch(`${server.baseUrl}/v1/gifs/${id}?api_key=${server.webKey}`)).status;
    expect(await gifStatus(gifs[0]!)).toBe(404);

    await server.kill();
    await server.restart({ CLOCK_OFFSET_MS: String(2 * MINUTE) });
    await expect.poll(async () => Promise.all(gifs.map(gifStatus)), { timeout: 60_000, interval: 200 }).toEqual([200, 200]);

    // Killed again after publishing and started once more: nothing is published a second time.
    await server.kill();
    await server.restart();
    const logged = await server.readStore(async (db) => {
      const post = await sql<{ state: string }>`SELECT state FROM scheduled_posts WHERE id = ${postId}`.execute(db);
      const events = await sql<{
        type: string;
      }>`SELECT type FROM events WHERE stream = 'schedule' AND stream_id = ${postId} ORDER BY seq`.execute(db);
      const madePublic = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM events WHERE stream = 'gif' AND payload->>'schedule' = ${postId} AND payload->'changes'->>'visibility' = 'public'`.execute(
        db,
      );
      const job = await sql<{
        state: string;
        steps: number;
      }>`SELECT j.state, j.steps FROM jobs j JOIN scheduled_posts p ON p.job_id = j.id WHERE p.id = ${postId}`.execute(db);
      return { state: post.rows[0]!.state, events: events.rows.map((e) => e.type), madePublic: madePublic.rows[0]!.n, job: job.rows[0] };
    });
    expect(logged).toEqual({
      state: 'published',
      events: ['schedule.created', 'schedule.published'],
      madePublic: 2,
      job: { state: 'done', steps: 1 },
    });
  });
});

/**
 * An update job survives a kill -9 of the server in the middle of its work and, once the server is
 * back, finishes exactly once: every GIF its magic tag brings is added by exactly one committed step.
 */
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../apps/server/src/accounts/create.ts';
import { accountsDb } from '../../apps/server/src/accounts/schema.ts';
import { createAccessToken } from '../../apps/server/src/tokens/store.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { storeKinds } from '../support/stores.ts';
import { testUsername } from '../support/accounts.ts';

describe.each(storeKinds())('a channel update job and kill -9 (%s)', { timeout: 600_000 }, (kind) => {
  let proc: ServerProcess | undefined;
  afterAll(async () => {
    await proc?.close();
  });

  it('resumes after the crash from its last committed step and applies each step once', async () => {
    // One GIF a step, a pause between steps: the job is still running when the process is killed.
    proc = await startServerProcess(kind, { env: { JOB_BATCH_SIZE: '1', JOB_STEP_PAUSE_MS: '150' } });
    const server = proc;
    const { token, tag, tagged } = await server.readStore(async (db) => {
      const username = testUsername('kill');
      const made = await accountsDb(db)
        .transaction()
        .execute(async (trx) => {
          const userId = await createAccount(
            trx,
            { username, email: `${username}@example.test`, passwordHash: null, role: 'creator', emailVerified: true },
            { userId: null, via: 'cli', address: 'test' },
          );
          return (await createAccessToken(trx, userId, { label: 'kill', scope: 'creator' })).token;
        });
      const top = await sql<{
        t: string;
        n: string;
      }>`SELECT t, count(*) AS n FROM gifs, unnest(tags) t WHERE NOT is_hidden AND NOT is_removed GROUP BY t ORDER BY count(*) DESC, t LIMIT 1`.execute(
        db,
      );
      return { token: made, tag: top.rows[0]!.t, tagged: Number(top.rows[0]!.n) };
    });
    expect(tagged).toBeGreaterThanOrEqual(6);
    const call = async (method: string, path: string, json?: unknown) => {
      const res = await fetch(`${server.baseUrl}${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(json ? { 'Content-Type': 'application/json' } : {}) },
        ...(json ? { body: JSON.stringify(json) } : {}),
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    const channel = await call('POST', '/api/v4/channels/', {
      slug: testUsername('kill').replace(/_/g, '-'),
      display_name: 'Killed mid-job',
    });
    expect(channel.status).toBe(201);
    const magic = await call('POST', '/api/v4/channel-magic-tags/', { channel: channel.body.data.id, tag });
    expect(magic.status).toBe(202);
    const job = magic.body.data.job as string;
    const status = async () => (await call('GET', `/api/v4/channels/retrieve-job/?job=${job}`)).body.data;
    await expect.poll(async () => (await status()).progress.added ?? 0, { timeout: 60_000, interval: 25 }).toBeGreaterThanOrEqual(2);

    await server.kill();
    const atCrash = await server.readStore(async (db) => {
      const row = await sql<{
        state: string;
        added: number;
      }>`SELECT state, (progress->>'added')::int AS added FROM jobs WHERE id = ${job}::uuid`.execute(db);
      return row.rows[0]!;
    });
    expect(atCrash.state).not.toBe('done');
    expect(atCrash.added).toBeLessThan(tagged);

    // readStore started it again: the job finishes once.
    await expect.poll(async () => (await status()).status, { timeout: 60_000, interval: 100 }).toBe('DONE');
    expect((await status()).progress.added).toBe(tagged);
    const feed = await call('GET', `/api/v4/channels/${channel.body.data.id}/feed/?limit=100`);
    expect(feed.body.pagination.total_count).toBe(tagged);
    const added = await server.readStore(async (db) =>
      (
        await sql<{
          gifs: string[];
        }>`SELECT payload->'gifs' AS gifs FROM events WHERE stream = 'channel' AND stream_id = ${String(channel.body.data.id)} AND type = 'channel.gifs_added'`.execute(
          db,
        )
      ).rows.flatMap((r) => r.gifs),
    );
    expect(added).toHaveLength(tagged);
    expect(new Set(added).size).toBe(tagged);
  });
});

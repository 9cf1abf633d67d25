/**
 * The edge in front of services started as processes of their own, as a deployment splits them: the
 * server (backend, public API, edge) with STORIES_URL, SCHEDULER_URL and IMAGING_URL pointing at `npm
 * run start:stories`, `start:scheduler` and `start:imaging`, all on one PostgreSQL. Calls through the edge are
 * answered by those processes (once one is stopped, the edge says it did not answer), a scheduled GIF
 * is published by a runner at its time, and a token works across all of them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../apps/server/src/accounts/create.ts';
import { accountsDb } from '../../apps/server/src/accounts/schema.ts';
import { openStore, type Store } from '../../apps/server/src/store/db.ts';
import { createAccessToken } from '../../apps/server/src/tokens/store.ts';
import { testUsername } from '../support/accounts.ts';
import { freePort, startProcessGroup } from '../support/process-group.ts';
import { scratchDatabase, storeKinds } from '../support/stores.ts';

const MAIN = path.resolve('tests/support/sample-server-main.ts');

interface Service {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** `npm run start:<name>` as its own process on a free port; resolves once /healthz answers. */
async function startService(name: 'stories' | 'scheduler' | 'imaging', databaseUrl: string): Promise<Service> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `loopbox-${name}-`));
  const child = spawn('npm', ['run', '--silent', `start:${name}`], {
    env: {
      ...process.env,
      [`${name.toUpperCase()}_PORT`]: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // npm runs node under it: the whole process group goes.
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe.skipIf(!storeKinds().includes('postgres'))(
  'the edge and the stories, scheduler and imaging services as separate processes',
  { timeout: 300_000 },
  () => {
    let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
    let stories: Service;
    let scheduler: Service;
    let imaging: Service;
    let group: Awaited<ReturnType<typeof startProcessGroup>>;
    let store: Store;
    let token: string;
    let gifs: string[];

    beforeAll(async () => {
      scratch = await scratchDatabase();
      stories = await startService('stories', scratch.url);
      scheduler = await startService('scheduler', scratch.url);
      imaging = await startService('imaging', scratch.url);
      group = await startProcessGroup(MAIN, 1, scratch.url, {
        STORIES_URL: stories.url,
        SCHEDULER_URL: scheduler.url,
        IMAGING_URL: imaging.url,
      });
      store = await openStore({ databaseUrl: scratch.url, poolSize: 2 });
      const username = testUsername('split');
      ({ token, gifs } = await accountsDb(store.db)
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
          return { token: (await createAccessToken(trx, userId, { label: 'split', scope: 'creator' })).token, gifs: ids };
        }));
    }, 300_000);
    afterAll(async () => {
      await group?.close();
      await stories?.stop();
      await scheduler?.stop();
      await imaging?.stop();
      await store?.close();
      await scratch?.drop();
    });

    const edge = () => group.members[0]!.baseUrl;
    const call = async (method: string, pathAndQuery: string, json?: unknown) => {
      const res = await fetch(`${edge()}${pathAndQuery}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(json ? { 'Content-Type': 'application/json' } : {}) },
        ...(json ? { body: JSON.stringify(json) } : {}),
      });
      return { status: res.status, body: (await res.json()) as any };
    };

    it('writes and reads stories through the edge on the stories process', async () => {
      const made = await call('POST', '/api/v1/stories', {
        title: 'Split',
        gifs: [{ gif_id: gifs[0], caption: 'Far away' }],
        is_published: true,
      });
      expect(made.status).toBe(201);
      const read = await fetch(`${edge()}/api/v1/stories/slug/${made.body.data.slug}`);
      expect(read.status).toBe(200);
      expect(((await read.json()) as any).data.gifs[0].caption).toBe('Far away');
    });

    it('schedules through the edge on the scheduler process; a job runner publishes at the time', async () => {
      const at = Date.now() + 3_000;
      const scheduled = await call('POST', '/schedule', {
        gifs: [{ id: gifs[1], is_sticker: false, type: 'gif' }],
        timestamp: new Date(at).toISOString(),
        public_gifs: 'private_until_publish',
      });
      expect(scheduled.status).toBe(201);
      expect((await call('GET', '/schedule')).body.data.map((p: { id: string }) => p.id)).toEqual([scheduled.body.data.id]);
      await expect
        .poll(
          async () =>
            (await sql<{ state: string }>`SELECT state FROM scheduled_posts WHERE id = ${scheduled.body.data.id}`.execute(store.db))
              .rows[0]!.state,
          { timeout: 30_000, interval: 200 },
        )
        .toBe('published');
      expect((await call('GET', '/activity')).body.data.map((a: { action: string }) => a.action)).toEqual(['published', 'scheduled']);
    });

    it('reaches the imaging process through the edge', async () => {
      // Without a token the imaging service itself refuses (its own JSON error, not the edge's).
      const trim = await fetch(`${edge()}/imaging/trim?media_url=/media/${gifs[0]}/200.gif&start=0&duration=0.3`);
      expect(trim.status).toBe(401);
      expect(((await trim.json()) as any).meta.msg).toMatch(/Sign in/);
    });

    it('has the edge answer for a stopped service, not the server behind it', async () => {
      await stories.stop();
      await scheduler.stop();
      await imaging.stop();
      const story = await call('GET', '/api/v1/stories/latest');
      const schedule = await call('GET', '/schedule');
      const trim = await call('GET', '/imaging/trim');
      expect([story.status, schedule.status, trim.status]).toEqual([502, 502, 502]);
      expect(story.body.meta.msg).toMatch(/stories/);
      expect(schedule.body.meta.msg).toMatch(/scheduler/);
      // The backend in the server's own process still answers.
      expect((await fetch(`${edge()}/api/v3/env/build`)).status).toBe(200);
    });
  },
);

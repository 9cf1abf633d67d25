/**
 * An upload queued for a day fails (issue 35): only the process that received its file can process
 * it, so when that process never comes back the creator is told to upload again instead of waiting
 * on it forever. A younger queued upload is left for its process, and a process alone on its store
 * (which holds every received file) expires nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUED_EXPIRY_MS } from '../../apps/server/src/uploads/constants.ts';
import { recoverUploads } from '../../apps/server/src/uploads/recover.ts';
import { creatorsDb } from '../../apps/server/src/uploads/schema.ts';
import { upsertUpload } from '../../apps/server/src/uploads/store.ts';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { storeKinds } from '../support/stores.ts';

describe.each(storeKinds())('an upload no process took (%s)', (kind) => {
  let server: AccountsServer;
  let creator: TestUser;
  let dir: string;
  beforeAll(async () => {
    server = await startAccountsServer(kind);
    creator = await server.makeUser('creator');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-queued-'));
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('fails once queued for QUEUED_EXPIRY_MS when the store is shared, with the reason on its status; a younger one stays queued', async () => {
    const db = creatorsDb(server.store.db);
    const queue = async (id: string, queuedAgoMs: number) => {
      await upsertUpload(db, {
        id,
        userId: creator.userId,
        gifId: `g${id}`,
        origin: 'api',
        state: 'queued',
        filename: 'a.gif',
        fields: {},
        address: '127.0.0.1',
        via: 'test',
      });
      await sql`UPDATE uploads SET updated_at = ${new Date(Date.now() - queuedAgoMs)} WHERE id = ${id}`.execute(server.store.db);
    };
    const suffix = Date.now().toString(36).padStart(10, '0');
    const [orphan, waiting] = [`orphan${suffix}`, `waiting${suffix}`];
    await queue(orphan, QUEUED_EXPIRY_MS + 60_000);
    await queue(waiting, QUEUED_EXPIRY_MS - 60_000);
    const none = path.join(dir, 'none');

    // Alone on its store (the embedded default), a process holds every received file: nothing expires.
    await recoverUploads(db, { incoming: none, resumable: none, mediaDir: none }, { alone: true, claimer: 'queued-expiry-test' });
    expect((await server.call('GET', `/api/v1/uploads/${orphan}/`, { as: creator })).body.data.state).toBe('queued');
    await recoverUploads(db, { incoming: none, resumable: none, mediaDir: none }, { alone: false, claimer: 'queued-expiry-test' });

    const status = await server.call('GET', `/api/v1/uploads/${orphan}/`, { as: creator });
    expect(status.status, status.text).toBe(200);
    expect(status.body.data).toMatchObject({
      state: 'failed',
      error: { code: 'interrupted', message: expect.stringMatching(/upload the file again/) },
    });
    expect((await server.call('GET', `/api/v1/uploads/${waiting}/`, { as: creator })).body.data.state).toBe('queued');
  });
});

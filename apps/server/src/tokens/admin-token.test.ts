import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Store } from '../store/db.ts';
import { openTestStore, storeKinds } from '../../../../tests/support/stores.ts';
import { newSecret, secretHash } from '../auth/secrets.ts';
import { accountsDb } from '../accounts/schema.ts';
import { tokenBySecret } from './store.ts';
import { adminTokenPath, watchAdminTokenFile, writeAdminTokenFile, type AdminTokenWatch } from './admin-token.ts';
import { ensureCredentials } from './credentials.ts';

const ROTATE_COMMAND = fileURLToPath(new URL('../cli/rotate-admin-token.ts', import.meta.url));

describe.each(storeKinds())('admin token rotation (%s)', (kind) => {
  let store: Store;
  const dirs: string[] = [];
  const watches: AdminTokenWatch[] = [];
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterEach(() => {
    for (const watch of watches.splice(0)) watch.stop();
  });
  afterAll(async () => {
    await store?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-admin-token-'));
    dirs.push(dir);
    return dir;
  };
  const works = async (token: string) => (await tokenBySecret(accountsDb(store.db), token))?.username === 'admin';
  const adminTokenRows = () => store.db.selectFrom('access_tokens').selectAll().where('label', '=', 'admin').execute();

  it('refuses the old token once LOOPBOX_ADMIN_TOKEN changes, keeping only a hash of the new one', async () => {
    const dir = dataDir();
    const [first, second] = [newSecret(), newSecret()];
    await ensureCredentials(store.db, { dataDir: dir, adminToken: first });
    expect(await works(first)).toBe(true);
    await ensureCredentials(store.db, { dataDir: dir, adminToken: second });
    expect(await works(first)).toBe(false);
    expect(await works(second)).toBe(true);
    expect(await adminTokenRows()).toEqual([expect.objectContaining({ token_hash: secretHash(second) })]);
    const rotations = await store.db.selectFrom('events').select('payload').where('type', '=', 'user.token_rotated').execute();
    expect(rotations.length).toBeGreaterThan(0);
    expect(JSON.stringify(rotations)).not.toContain(second);
  });

  it('refuses the old token after its file is replaced and the server starts again', async () => {
    const dir = dataDir();
    const generated = await ensureCredentials(store.db, { dataDir: dir });
    expect(fs.statSync(adminTokenPath(dir)).mode & 0o777).toBe(0o600);
    const replacement = newSecret();
    writeAdminTokenFile(dir, replacement);
    expect((await ensureCredentials(store.db, { dataDir: dir })).adminToken).toBe(replacement);
    expect(await works(generated.adminToken)).toBe(false);
    expect(await works(replacement)).toBe(true);
  });

  it('takes a token from `npm run rotate-admin-token` while running, and refuses the old one', async () => {
    const dir = dataDir();
    const { adminToken: old } = await ensureCredentials(store.db, { dataDir: dir });
    const rotated = vi.fn();
    watches.push(
      watchAdminTokenFile(
        store.db,
        dir,
        old,
        {
          onRotated: rotated,
          onIgnored: () => undefined,
          onError: (err) => {
            throw err;
          },
        },
        20,
      ),
    );
    const run = spawnSync(process.execPath, ['--import', 'tsx', ROTATE_COMMAND], {
      env: { ...process.env, DATA_DIR: dir, LOOPBOX_ADMIN_TOKEN: '' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(adminTokenPath(dir));
    const fresh = fs.readFileSync(adminTokenPath(dir), 'utf8').trim();
    expect(run.stdout + run.stderr).not.toContain(fresh);
    await vi.waitFor(() => expect(rotated).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    expect(await works(old)).toBe(false);
    expect(await works(fresh)).toBe(true);
  });

  it('keeps the token when the file is replaced by something too short, and says why', async () => {
    const dir = dataDir();
    const { adminToken } = await ensureCredentials(store.db, { dataDir: dir });
    const ignored = vi.fn();
    watches.push(
      watchAdminTokenFile(
        store.db,
        dir,
        adminToken,
        {
          onRotated: () => undefined,
          onIgnored: ignored,
          onError: (err) => {
            throw err;
          },
        },
        20,
      ),
    );
    writeAdminTokenFile(dir, 'short');
    await vi.waitFor(() => expect(ignored).toHaveBeenCalled(), { timeout: 10_000 });
    expect(ignored.mock.calls[0]![0]).toMatch(/at least 16 characters/);
    expect(await works(adminToken)).toBe(true);
    await expect(ensureCredentials(store.db, { dataDir: dir })).rejects.toThrow(/admin-token: an admin token needs at least 16 characters/);
  });
});

describe('npm run rotate-admin-token', () => {
  it('refuses while LOOPBOX_ADMIN_TOKEN is set, since the variable wins over the file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-admin-token-'));
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', ROTATE_COMMAND], {
        env: { ...process.env, DATA_DIR: dir, LOOPBOX_ADMIN_TOKEN: newSecret() },
        encoding: 'utf8',
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/LOOPBOX_ADMIN_TOKEN is set/);
      expect(fs.existsSync(adminTokenPath(dir))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

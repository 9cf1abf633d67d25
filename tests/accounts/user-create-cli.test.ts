/** `npm run user:create`: the documented way to make the first staff account. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { accountsDb } from '../../apps/server/src/accounts/schema.ts';
import { verifyPassword } from '../../apps/server/src/auth/passwords.ts';
import { openStore } from '../../apps/server/src/store/db.ts';

function run(args: string[], stdin: string, dataDir: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/create-user.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += String(chunk)));
    child.stderr.on('data', (chunk) => (out += String(chunk)));
    child.on('close', (code) => resolve({ code, out }));
    child.stdin.end(stdin);
  });
}

describe('npm run user:create (pglite data directory)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-user-create-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const password = 'first staff passphrase';

  it('creates a staff account with a verified address and the password piped in, logging it', async () => {
    const made = await run(['--role', 'staff', '--username', 'first_staff', '--email', 'staff@example.test'], `${password}\n`, dataDir);
    expect(made.code).toBe(0);
    expect(made.out).toMatch(/Created staff account first_staff \(id \d+\)/);
    expect(made.out).not.toContain(password);
    const again = await run(['--role', 'staff', '--username', 'First_Staff', '--email', 'other@example.test'], `${password}\n`, dataDir);
    expect([again.code, again.out]).toEqual([1, expect.stringContaining('taken')]);
    const weak = await run(['--username', 'second_user', '--email', 'second@example.test'], 'short\n', dataDir);
    expect([weak.code, weak.out]).toEqual([1, expect.stringContaining('password')]);

    const store = await openStore({ dataDir });
    try {
      const db = accountsDb(store.db);
      const row = await db
        .selectFrom('users as u')
        .innerJoin('accounts as a', 'a.user_id', 'u.id')
        .select(['u.id', 'u.role', 'u.is_staff', 'a.email_verified_at', 'a.password_hash'])
        .where('u.username', '=', 'first_staff')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ role: 'staff', is_staff: true });
      expect(row.email_verified_at).not.toBeNull();
      expect(row.password_hash).toMatch(/^scrypt\$/);
      expect(await verifyPassword(password, row.password_hash)).toBe(true);
      const event = await db
        .selectFrom('events')
        .select('payload')
        .where('type', '=', 'account.created')
        .where('stream_id', '=', String(row.id))
        .executeTakeFirstOrThrow();
      expect(event.payload).toMatchObject({ role: 'staff', via: 'cli', actor: null });
    } finally {
      await store.close();
    }
  }, 180_000);
});

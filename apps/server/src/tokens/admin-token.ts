import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { appendEvents } from '../store/events.ts';
import type { Database } from '../store/schema.ts';
import { secretHash } from '../auth/secrets.ts';

/** The file in the data directory holding the admin token when LOOPBOX_ADMIN_TOKEN is not set (mode 0600). */
export const ADMIN_TOKEN_FILE = 'admin-token';
/** The shortest admin token accepted, from the environment or the file. */
export const ADMIN_TOKEN_MIN_LENGTH = 16;
/** How often a running server looks at the token file for a rotation. */
export const ADMIN_TOKEN_WATCH_INTERVAL_MS = 1_000;
const ADMIN_USERNAME = 'admin';
/** The label of the admin token's row in access_tokens: exactly one row carries it. */
const ADMIN_TOKEN_LABEL = 'admin';

export const adminTokenPath = (dataDir: string) => path.join(dataDir, ADMIN_TOKEN_FILE);

/** The token in the file (trimmed), or undefined when there is no file or it is empty. */
export function readAdminTokenFile(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim() || undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Why a token cannot be the admin token, or undefined when it can. */
export function adminTokenProblem(token: string): string | undefined {
  return token.length < ADMIN_TOKEN_MIN_LENGTH ? `an admin token needs at least ${ADMIN_TOKEN_MIN_LENGTH} characters` : undefined;
}

/** Writes the token file whole (a new file renamed over the old one, mode 0600), so a reader never sees half a token. */
export function writeAdminTokenFile(dataDir: string, token: string): string {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = adminTokenPath(dataDir);
  const next = `${file}.${process.pid}.new`;
  fs.writeFileSync(next, `${token}\n`, { mode: 0o600 });
  fs.renameSync(next, file);
  return file;
}

/**
 * Makes `token` the admin's one admin token: its hash is stored (never the token) and every other
 * admin token is deleted in the same transaction, so a rotated token stops working at once for
 * every process sharing the store. A rotation is logged as `user.token_rotated`.
 */
export async function installAdminToken(db: Kysely<Database>, token: string): Promise<void> {
  const tokenHash = secretHash(token);
  await db.transaction().execute(async (trx) => {
    let admin = await trx.selectFrom('users').select('id').where('username', '=', ADMIN_USERNAME).executeTakeFirst();
    if (!admin) {
      admin = await trx
        .insertInto('users')
        .values({
          username: ADMIN_USERNAME,
          display_name: 'Administrator',
          user_type: 'staff',
          is_staff: true,
          is_public: false,
          avatar: null,
          banner: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await appendEvents(trx, [
        { type: 'user.created', stream: 'user', streamId: String(admin.id), payload: { username: ADMIN_USERNAME, staff: true } },
      ]);
    }
    await trx
      .insertInto('access_tokens')
      .values({ token_hash: tokenHash, user_id: admin.id, label: ADMIN_TOKEN_LABEL })
      .onConflict((oc) => oc.column('token_hash').doNothing())
      .execute();
    const replaced = await trx
      .deleteFrom('access_tokens')
      .where('user_id', '=', admin.id)
      .where('label', '=', ADMIN_TOKEN_LABEL)
      .where('token_hash', '<>', tokenHash)
      .executeTakeFirst();
    if (replaced.numDeletedRows > 0n) {
      await appendEvents(trx, [
        { type: 'user.token_rotated', stream: 'user', streamId: String(admin.id), payload: { label: ADMIN_TOKEN_LABEL } },
      ]);
    }
  });
}

export interface AdminTokenWatch {
  stop(): void;
}

/**
 * While the server runs, a token file replaced by `npm run rotate-admin-token` (or by hand) becomes the
 * admin token within `intervalMs`, and the old one stops working. A missing, empty or too-short file
 * changes nothing (`onIgnored` says why).
 */
export function watchAdminTokenFile(
  db: Kysely<Database>,
  dataDir: string,
  current: string,
  handlers: { onRotated: (file: string) => void; onIgnored: (reason: string) => void; onError: (err: Error) => void },
  intervalMs = ADMIN_TOKEN_WATCH_INTERVAL_MS,
): AdminTokenWatch {
  const file = adminTokenPath(dataDir);
  let installed = current;
  let queue = Promise.resolve();
  const ignore = (why: string) => handlers.onIgnored(`${file} was not taken (${why}); the admin token is unchanged`);
  const check = () => {
    queue = queue
      .then(async () => {
        const token = readAdminTokenFile(file);
        if (token === installed) return;
        if (token === undefined) return ignore('the file is missing or empty');
        const problem = adminTokenProblem(token);
        if (problem !== undefined) return ignore(problem);
        await installAdminToken(db, token);
        installed = token;
        handlers.onRotated(file);
      })
      .catch(handlers.onError);
  };
  fs.watchFile(file, { interval: intervalMs, persistent: false }, check);
  check(); // a change made before the watcher's first look would otherwise go unseen
  return { stop: () => fs.unwatchFile(file, check) };
}

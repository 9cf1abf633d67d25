import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { appendEvents } from '../store/events.ts';
import type { Database } from '../store/schema.ts';
import { hashToken, newToken } from './access-tokens.ts';

export interface Credentials {
  webKey: string;
  mobileKey: string;
  adminToken: string;
}

const ADMIN_USERNAME = 'admin';

/**
 * The web and mobile API keys and the admin token: taken from the environment when given,
 * otherwise generated once per data directory and kept (keys in the store, the token in a 0600 file).
 */
export async function ensureCredentials(
  db: Kysely<Database>,
  opts: { dataDir: string; webKey?: string | undefined; mobileKey?: string | undefined; adminToken?: string | undefined },
): Promise<Credentials> {
  const webKey = await ensureKey(db, 'web', opts.webKey);
  const mobileKey = await ensureKey(db, 'mobile', opts.mobileKey);
  const adminToken = await ensureAdminToken(db, opts.dataDir, opts.adminToken);
  return { webKey, mobileKey, adminToken };
}

async function ensureKey(db: Kysely<Database>, kind: 'web' | 'mobile', fromEnv: string | undefined): Promise<string> {
  if (fromEnv) {
    await db.insertInto('api_keys').values({ key: fromEnv, kind, label: 'from environment' }).onConflict((oc) => oc.column('key').doNothing()).execute();
    return fromEnv;
  }
  const existing = await db.selectFrom('api_keys').select('key').where('kind', '=', kind).where('revoked_at', 'is', null).orderBy('created_at').executeTakeFirst();
  if (existing) return existing.key;
  const key = `lb_${kind}_${randomBytes(16).toString('hex')}`;
  await db.insertInto('api_keys').values({ key, kind, label: 'generated' }).execute();
  return key;
}

async function ensureAdminToken(db: Kysely<Database>, dataDir: string, fromEnv: string | undefined): Promise<string> {
  const tokenFile = path.join(dataDir, 'admin-token');
  let token = fromEnv;
  if (!token && fs.existsSync(tokenFile)) token = fs.readFileSync(tokenFile, 'utf8').trim();
  if (!token) {
    token = newToken();
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(tokenFile, `${token}\n`, { mode: 0o600 });
  }
  const adminToken = token;
  await db.transaction().execute(async (trx) => {
    let admin = await trx.selectFrom('users').select('id').where('username', '=', ADMIN_USERNAME).executeTakeFirst();
    if (!admin) {
      admin = await trx
        .insertInto('users')
        .values({ username: ADMIN_USERNAME, display_name: 'Administrator', user_type: 'staff', is_staff: true, is_public: false, avatar: null, banner: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await appendEvents(trx, [{ type: 'user.created', stream: 'user', streamId: String(admin.id), payload: { username: ADMIN_USERNAME, staff: true } }]);
    }
    await trx
      .insertInto('access_tokens')
      .values({ token_hash: hashToken(adminToken), user_id: admin.id, label: 'admin' })
      .onConflict((oc) => oc.column('token_hash').doNothing())
      .execute();
  });
  return adminToken;
}

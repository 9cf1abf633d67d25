import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { newSecret } from '../auth/secrets.ts';
import { adminTokenPath, adminTokenProblem, installAdminToken, readAdminTokenFile, writeAdminTokenFile } from './admin-token.ts';

export interface Credentials {
  webKey: string;
  mobileKey: string;
  adminToken: string;
}

/**
 * The web and mobile API keys and the admin token: taken from the environment when given,
 * otherwise generated once per data directory and kept (keys in the store, the token in a 0600 file).
 * The admin token given here is the only one that works afterwards: a rotated one is refused.
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
    await db
      .insertInto('api_keys')
      .values({ key: fromEnv, kind, label: 'from environment' })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    return fromEnv;
  }
  const existing = await db
    .selectFrom('api_keys')
    .select('key')
    .where('kind', '=', kind)
    .where('revoked_at', 'is', null)
    .orderBy('created_at')
    .executeTakeFirst();
  if (existing) return existing.key;
  const key = `lb_${kind}_${randomBytes(16).toString('hex')}`;
  await db.insertInto('api_keys').values({ key, kind, label: 'generated' }).execute();
  return key;
}

/** The token from the environment, else from the data directory's file, else a new one written there. */
async function ensureAdminToken(db: Kysely<Database>, dataDir: string, fromEnv: string | undefined): Promise<string> {
  const file = adminTokenPath(dataDir);
  const fromFile = fromEnv ? undefined : readAdminTokenFile(file);
  const token = fromEnv ?? fromFile ?? newSecret();
  const problem = adminTokenProblem(token);
  if (problem) throw new Error(`${fromEnv ? 'LOOPBOX_ADMIN_TOKEN' : file}: ${problem}`);
  if (!fromEnv && !fromFile) writeAdminTokenFile(dataDir, token);
  await installAdminToken(db, token);
  return token;
}

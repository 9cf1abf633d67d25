import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openStore, type Store, type StoreKind } from '../../apps/server/src/store/db.ts';

/**
 * PGlite always; PostgreSQL too whenever DATABASE_URL is set. CI sets LOOPBOX_REQUIRE_POSTGRES=1, so
 * there a missing DATABASE_URL fails the suite instead of skipping PostgreSQL.
 */
export function storeKinds(): StoreKind[] {
  if (process.env.DATABASE_URL) return ['pglite', 'postgres'];
  if (process.env.LOOPBOX_REQUIRE_POSTGRES === '1') throw new Error('LOOPBOX_REQUIRE_POSTGRES is set but DATABASE_URL is not');
  return ['pglite'];
}

async function asAdmin(statement: string): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is required for PostgreSQL tests');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A new, empty database on the DATABASE_URL server, and how to drop it. */
export async function scratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `loopbox_test_${randomBytes(6).toString('hex')}`;
  await asAdmin(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL as string);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A fresh, migrated, empty store of the given kind: in-memory PGlite, or a new PostgreSQL
 * database created for this suite and dropped when it closes.
 */
export async function openTestStore(kind: StoreKind, options: { poolSize?: number } = {}): Promise<Store> {
  if (kind === 'pglite') return openStore({});
  const scratch = await scratchDatabase();
  const store = await openStore({ databaseUrl: scratch.url, poolSize: options.poolSize ?? 4 });
  return {
    ...store,
    async close() {
      await store.close();
      await scratch.drop();
    },
  };
}

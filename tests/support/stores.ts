import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openStore, type Store, type StoreKind } from '../../apps/server/src/store/db.ts';

/** PGlite always; PostgreSQL too whenever DATABASE_URL is set (CI always sets it). */
export function storeKinds(): StoreKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A fresh, migrated, empty store of the given kind: in-memory PGlite, or a new PostgreSQL
 * database created for this suite and dropped when it closes.
 */
export async function openTestStore(kind: StoreKind): Promise<Store> {
  if (kind === 'pglite') return openStore({});
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is required for PostgreSQL tests');
  const name = `loopbox_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const store = await openStore({ databaseUrl: url.toString(), poolSize: 4 });
  return {
    ...store,
    async close() {
      await store.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { generate, PostgresDialect } from 'kysely-codegen';
import { openStore } from './db.ts';

/** Where the generated tables live; `npm run db:types` writes it, a test checks it is current. */
export const DATABASE_TYPES_FILE = fileURLToPath(new URL('./generated/database.ts', import.meta.url));

const HEADER = '// Generated from the migrations by `npm run db:types` (store/database-types.ts): edit a migration, not this file.\n';

/**
 * kysely-codegen's TypeScript for every table of the migrations as they are now: a fresh in-memory
 * store, migrated and introspected (Kysely's own bookkeeping left out). Dates read as `YYYY-MM-DD`
 * strings, as store/db.ts reads them.
 */
export async function currentDatabaseTypes(): Promise<string> {
  const store = await openStore({});
  try {
    const types = await generate({
      db: store.db as Kysely<object>,
      dialect: new PostgresDialect({ dateParser: 'string' }),
      excludePattern: 'kysely_*',
      typeOnlyImports: true,
      outFile: null,
      print: false,
    });
    return HEADER + types;
  } finally {
    await store.close();
  }
}

import { sql, type Kysely } from 'kysely';
import type { JobHandler } from '../../apps/server/src/jobs/runner.ts';
import { openStore, type Store, type StoreKind } from '../../apps/server/src/store/db.ts';
import type { Database } from '../../apps/server/src/store/schema.ts';
import { scratchDatabase } from './stores.ts';

/** Where counting jobs record their steps: no unique key, so a step applied twice shows twice. */
export async function createStepTable(db: Kysely<Database>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS job_test_steps (job uuid NOT NULL, step integer NOT NULL)`.execute(db);
}

/** A job of `steps` steps, each recording itself in job_test_steps and its number in the progress. */
export function countingHandler(steps: number): JobHandler {
  return async (trx, job) => {
    const step = typeof job.progress.step === 'number' ? job.progress.step : 0;
    await sql`INSERT INTO job_test_steps (job, step) VALUES (${job.id}::uuid, ${step})`.execute(trx);
    return { done: step + 1 >= steps, progress: { step: step + 1 } };
  };
}

/**
 * A fresh store and, on PostgreSQL, a second connection pool onto the same database, as two server
 * processes would have (PGlite admits one connection: no second).
 */
export async function storeWithSecondPool(kind: StoreKind): Promise<{ store: Store; second: Store | undefined; close(): Promise<void> }> {
  if (kind === 'pglite') {
    const store = await openStore({});
    return { store, second: undefined, close: () => store.close() };
  }
  const scratch = await scratchDatabase();
  const store = await openStore({ databaseUrl: scratch.url, poolSize: 4 });
  const second = await openStore({ databaseUrl: scratch.url, poolSize: 4 });
  return {
    store,
    second,
    async close() {
      await second.close();
      await store.close();
      await scratch.drop();
    },
  };
}

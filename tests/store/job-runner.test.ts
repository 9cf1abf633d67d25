/**
 * The job runner on both stores: two runners over one store (on PostgreSQL, two connection pools,
 * as two server processes would have) share the work without ever running a step twice; a step
 * that throws rolls back, is retried and fails the job after its last attempt; an unknown kind fails.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob, findJob } from '../../apps/server/src/jobs/queue.ts';
import { createJobRunner, type JobHandlers } from '../../apps/server/src/jobs/runner.ts';
import type { Store } from '../../apps/server/src/store/db.ts';
import type { Database } from '../../apps/server/src/store/schema.ts';
import { countingHandler, createStepTable, storeWithSecondPool } from '../support/job-fixtures.ts';
import { storeKinds } from '../support/stores.ts';

const STEPS = 12;

const counting: JobHandlers = {
  'test.count': countingHandler(STEPS),
  'test.fail': async (trx, job) => {
    await sql`INSERT INTO job_test_steps (job, step) VALUES (${job.id}::uuid, -1)`.execute(trx);
    throw new Error('this step always fails');
  },
};

describe.each(storeKinds())('job runner (%s)', (kind) => {
  let store: Store;
  /** A second connection pool onto the same database (PostgreSQL); PGlite admits one. */
  let second: Store | undefined;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ store, second, close } = await storeWithSecondPool(kind));
    await createStepTable(store.db);
  });
  afterAll(async () => {
    await close?.();
  });

  const steps = async (db: Kysely<Database>, job: string) =>
    (await sql<{ step: number }>`SELECT step FROM job_test_steps WHERE job = ${job}::uuid ORDER BY step`.execute(db)).rows.map(
      (r) => r.step,
    );

  it('runs every step of every job exactly once with two runners competing', async () => {
    const jobs = await Promise.all(
      Array.from({ length: 6 }, () => enqueueJob(store.db, { kind: 'test.count', payload: {}, ownerId: null, createdBy: null })),
    );
    const a = createJobRunner(store.db, counting);
    const b = createJobRunner((second ?? store).db, counting);
    const [ranA, ranB] = await Promise.all([a.drain(), b.drain()]);
    expect(ranA + ranB).toBe(jobs.length * STEPS);
    if (second) expect(Math.min(ranA, ranB)).toBeGreaterThan(0);
    for (const job of jobs) {
      expect(await steps(store.db, job)).toEqual(Array.from({ length: STEPS }, (_, i) => i));
      expect(await findJob(store.db, job)).toMatchObject({ status: 'DONE', progress: { step: STEPS } });
    }
  });

  it('rolls a failing step back, retries it with growing delays and fails the job with its reason', async () => {
    const job = await enqueueJob(store.db, { kind: 'test.fail', payload: {}, ownerId: null, createdBy: null });
    const runner = createJobRunner(store.db, counting, { maxAttempts: 3, retryBaseMs: 20 });
    for (let i = 0; i < 50 && (await findJob(store.db, job))?.status !== 'FAILED'; i++) {
      await runner.drain();
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await findJob(store.db, job)).toMatchObject({ status: 'FAILED', attempts: 3, error: 'this step always fails' });
    expect(await steps(store.db, job)).toEqual([]);
  });

  it('fails a job no handler knows, and leaves jobs that are not due yet', async () => {
    const unknown = await enqueueJob(store.db, { kind: 'test.nobody', payload: {}, ownerId: null, createdBy: null });
    const later = await enqueueJob(store.db, {
      kind: 'test.count',
      payload: {},
      ownerId: null,
      createdBy: null,
      runAfter: new Date(Date.now() + 60_000),
    });
    await createJobRunner(store.db, counting).drain();
    expect(await findJob(store.db, unknown)).toMatchObject({ status: 'FAILED', error: 'No handler for jobs of kind test.nobody' });
    expect(await findJob(store.db, later)).toMatchObject({ status: 'PENDING' });
  });

  it('keeps one waiting job per dedupe key', async () => {
    const first = await enqueueJob(store.db, {
      kind: 'test.count',
      payload: {},
      ownerId: null,
      createdBy: null,
      dedupeKey: 'once',
      runAfter: new Date(Date.now() + 60_000),
    });
    const again = await enqueueJob(store.db, { kind: 'test.count', payload: {}, ownerId: null, createdBy: null, dedupeKey: 'once' });
    expect(again).toBe(first);
  });
});

/**
 * `npm run bench -- jobs`: the durable job runner on each store (PGlite; PostgreSQL too when
 * DATABASE_URL is set). Step throughput of a one-row step, with one runner and (PostgreSQL) two
 * runners on two connection pools competing for the same jobs, against the same transactions made
 * without the claim; a magic tag applied to a synthetic corpus (how long its update job takes to
 * DONE); and the magic-tag sweep over many channels, with nothing to change and with newly tagged
 * GIFs to pull in.
 */
import { sql, type Kysely } from 'kysely';
import { channelJobHandlers } from '../../apps/server/src/channels/jobs.ts';
import { JOB_KINDS } from '../../apps/server/src/channels/constants.ts';
import { JOB_BATCH_SIZE } from '../../apps/server/src/jobs/constants.ts';
import { enqueueJob, findJob } from '../../apps/server/src/jobs/queue.ts';
import { createJobRunner, type JobHandlers } from '../../apps/server/src/jobs/runner.ts';
import type { StoreKind } from '../../apps/server/src/store/db.ts';
import type { Database } from '../../apps/server/src/store/schema.ts';
import { countingHandler, createStepTable, storeWithSecondPool } from '../support/job-fixtures.ts';
import { buildSyntheticCorpus } from './synthetic-corpus.ts';

const CORPUS = Number(process.env.JOBS_BENCH_GIFS ?? 20_000);
const JOBS = 20;
const STEPS_PER_JOB = 50;
const SWEEP_CHANNELS = 50;
const NEWLY_TAGGED = 500;

const counting: JobHandlers = { 'bench.count': countingHandler(STEPS_PER_JOB) };

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

async function stepThroughput(db: Kysely<Database>, second: Kysely<Database> | undefined): Promise<string[]> {
  await createStepTable(db);
  const lines: string[] = [];
  // The baseline: the same work (a row, and the progress written back) in a transaction each, without the claim.
  const job = await enqueueJob(db, {
    kind: 'bench.none',
    payload: {},
    ownerId: null,
    createdBy: null,
    runAfter: new Date(Date.now() + 3_600_000),
  });
  const total = JOBS * STEPS_PER_JOB;
  const [, baseMs] = await timed(async () => {
    for (let step = 0; step < total; step++) {
      await db.transaction().execute(async (trx) => {
        await sql`INSERT INTO job_test_steps (job, step) VALUES (${job}::uuid, ${step})`.execute(trx);
        await sql`UPDATE jobs SET progress = ${JSON.stringify({ step: step + 1 })}::jsonb, steps = steps + 1, updated_at = now() WHERE id = ${job}::uuid`.execute(
          trx,
        );
      });
    }
  });
  lines.push(
    `  baseline, the same ${total} transactions without the claim: ${seconds(baseMs)}: ${Math.round(total / (baseMs / 1000))} transactions/s`,
  );
  await sql`DELETE FROM job_test_steps`.execute(db);
  await sql`DELETE FROM jobs WHERE id = ${job}::uuid`.execute(db);
  for (const runners of second ? [[db], [db, second]] : [[db]]) {
    for (let i = 0; i < JOBS; i++) await enqueueJob(db, { kind: 'bench.count', payload: {}, ownerId: null, createdBy: null });
    const [ran, ms] = await timed(async () =>
      (await Promise.all(runners.map((r) => createJobRunner(r, counting).drain()))).reduce((a, b) => a + b, 0),
    );
    const rows = await sql<{
      n: number;
      distinct: number;
    }>`SELECT count(*)::int AS n, count(DISTINCT (job, step))::int AS distinct FROM job_test_steps`.execute(db);
    lines.push(
      `  ${runners.length} runner${runners.length > 1 ? 's' : ' '}: ${ran} steps in ${seconds(ms)}: ${Math.round(ran / (ms / 1000))} steps/s (rows ${rows.rows[0]!.n}, distinct ${rows.rows[0]!.distinct})`,
    );
    await sql`DELETE FROM job_test_steps`.execute(db);
  }
  return lines;
}

async function magicTags(db: Kysely<Database>, words: string[]): Promise<string[]> {
  const handlers = channelJobHandlers(JOB_BATCH_SIZE);
  const runner = createJobRunner(db, handlers);
  const tag = words[0]!;
  const carrying = (
    await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM gifs WHERE tags && ARRAY[${tag}]::text[] AND NOT is_hidden AND NOT is_removed`.execute(db)
  ).rows[0]!.n;
  const channel = (
    await sql<{ id: number }>`INSERT INTO channels (slug, display_name) VALUES ('bench-magic', 'Bench') RETURNING id`.execute(db)
  ).rows[0]!.id;
  await sql`INSERT INTO channel_magic_tags (channel_id, tag) VALUES (${channel}, ${tag})`.execute(db);
  const job = await enqueueJob(db, { kind: JOB_KINDS.magicSync, payload: { channel }, ownerId: null, createdBy: null });
  const [steps, syncMs] = await timed(() => runner.drain());
  const view = await findJob(db, job);
  const lines = [
    `  magic tag "${tag}" on ${CORPUS} GIFs: ${carrying} carry it; job ${view?.status} in ${steps} steps, ${seconds(syncMs)} (${Math.round(carrying / (syncMs / 1000))} GIFs/s into the feed)`,
  ];

  // Many channels, each with a magic tag, all in sync: what a sweep costs when nothing changed.
  const rare = words.slice(200, 200 + SWEEP_CHANNELS);
  for (const [i, word] of rare.entries()) {
    const id = (
      await sql<{ id: number }>`INSERT INTO channels (slug, display_name) VALUES (${`bench-sweep-${i}`}, ${word}) RETURNING id`.execute(db)
    ).rows[0]!.id;
    await sql`INSERT INTO channel_magic_tags (channel_id, tag) VALUES (${id}, ${word})`.execute(db);
  }
  const sweep = async () => {
    const id = await enqueueJob(db, {
      kind: JOB_KINDS.magicSweep,
      payload: {},
      ownerId: null,
      createdBy: null,
      dedupeKey: JOB_KINDS.magicSweep,
    });
    const [sweepSteps, ms] = await timed(() => runner.drain());
    return { view: await findJob(db, id), steps: sweepSteps, ms };
  };
  const first = await sweep();
  lines.push(
    `  first sweep, ${SWEEP_CHANNELS + 1} channels with magic tags: ${first.steps} steps, ${seconds(first.ms)}, ${first.view?.progress.added} GIFs added`,
  );
  const idle = await sweep();
  lines.push(`  sweep with nothing to change: ${idle.steps} steps, ${seconds(idle.ms)}`);
  // GIFs tagged later (an upload, a tag edit) join at the next sweep.
  await sql`UPDATE gifs SET tags = tags || ${tag}::text WHERE id IN (SELECT id FROM gifs WHERE NOT tags && ARRAY[${tag}]::text[] ORDER BY id LIMIT ${NEWLY_TAGGED})`.execute(
    db,
  );
  const later = await sweep();
  lines.push(
    `  sweep after ${NEWLY_TAGGED} GIFs got the tag: ${later.steps} steps, ${seconds(later.ms)}, ${later.view?.progress.added} GIFs added`,
  );
  return lines;
}

async function benchStore(kind: StoreKind): Promise<string[]> {
  const { store, second, close } = await storeWithSecondPool(kind);
  try {
    const [words, loadMs] = await timed(() => buildSyntheticCorpus(store.db, CORPUS));
    return [
      `Job runner on ${kind} (${CORPUS} synthetic GIFs loaded in ${seconds(loadMs)}; JOB_BATCH_SIZE ${JOB_BATCH_SIZE}):`,
      `  step throughput, ${JOBS} jobs of ${STEPS_PER_JOB} one-row steps:`,
      ...(await stepThroughput(store.db, second?.db)),
      ...(await magicTags(store.db, words)),
    ];
  } finally {
    await close();
  }
}

export async function benchJobs(): Promise<string[]> {
  return [
    ...(await benchStore('pglite')),
    ...(process.env.DATABASE_URL ? await benchStore('postgres') : ['(PostgreSQL skipped: DATABASE_URL is not set)']),
  ];
}

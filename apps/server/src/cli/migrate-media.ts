/**
 * `npm run media:migrate`: copies DATA_DIR/media into the bucket named by S3_* and AWS_* (MEDIA_STORE
 * need not be s3 yet: the point is to copy before switching) and records each GIF's keys. Run again,
 * it sends only what is missing. README, "Moving media into a bucket".
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openStore, type Store } from '../store/db.ts';
import { lockDataDir } from '../store/lock.ts';
import { migrateMedia } from '../media-store/migrate.ts';
import { createProgress, summary } from '../media-store/migrate-progress.ts';
import { createS3Store } from '../media-store/s3.ts';

const USAGE = `npm run media:migrate -- [--limit N] [--parallel N]
  Copies DATA_DIR/media into the bucket (S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_FORCE_PATH_STYLE,
  AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY) and records each GIF's keys in the database (DATABASE_URL
  or the embedded store). A file already in the bucket with the same size is skipped.
  --limit N     send at most N files, leaving the rest for the next run
  --parallel N  files at once (default 8)`;

const count = (name: string, value: string | undefined) => {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new Error(`--${name} takes a whole number from 1`);
  return Number(value);
};

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { limit: { type: 'string' }, parallel: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  const limit = count('limit', values.limit);
  const parallel = count('parallel', values.parallel);
  const config = loadConfig({ ...process.env, MEDIA_STORE: 's3' });
  if (config.mediaStore.kind !== 's3') throw new Error('No bucket settings');
  const bucket = createS3Store(config.mediaStore);
  // The embedded store is held by a running server: then copy only, and record the keys on the pass run with it stopped.
  let unlock = () => {};
  let db: Store | undefined;
  if (config.databaseUrl) db = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  else {
    try {
      unlock = lockDataDir(config.dataDir);
      db = await openStore({ databaseUrl: undefined, dataDir: config.dataDir });
    } catch (err) {
      process.stderr.write(
        `media:migrate: ${(err as Error).message}\nCopying files only; GIFs' keys are recorded by a run with the server stopped.\n`,
      );
    }
  }
  try {
    let progress: ReturnType<typeof createProgress> | undefined;
    const result = await migrateMedia({
      mediaDir: config.mediaDir,
      store: bucket,
      db: db?.db,
      limit,
      parallel,
      onStart: (total) => {
        process.stdout.write(
          `Copying ${config.mediaDir} into ${config.mediaStore.kind === 's3' ? config.mediaStore.bucket : ''}: ${total.files} files\n`,
        );
        progress = createProgress(process.stdout, total);
      },
      onFile: (done) => progress?.update(done),
    });
    process.stdout.write(summary(result));
    if (result.failed.length) process.exitCode = 1;
  } finally {
    bucket.client.destroy();
    await db?.close();
    unlock();
  }
}

main().catch((err: Error) => {
  process.stderr.write(`media:migrate: ${err.message}\n`);
  process.exitCode = 1;
});

import { loadConfig } from '../config.ts';
import { openStore } from '../store/db.ts';
import { lockDataDir } from '../store/lock.ts';
import { replayNotices } from '../notices/record.ts';
import { replayProjections } from '../analytics/replay.ts';

// npm run replay: drop every projection and rebuild it from the event log (same DATA_DIR / DATABASE_URL as the server).
const config = loadConfig();
const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const started = Date.now();
  const folded = await replayProjections(store.db);
  for (const [name, n] of Object.entries(folded)) process.stdout.write(`${name}: ${n} events\n`);
  // Notices are kept (their read state with them): the replay only adds those the log has and the table lacks, unmailed.
  process.stdout.write(`notices: ${await replayNotices(store.db)} restored\n`);
  process.stdout.write(`replayed in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
} finally {
  await store.close();
  unlock();
}

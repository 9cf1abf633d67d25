/**
 * `npm run bench -- csv`: the search service's CSV export (GET /api/v1/search-service/csv/) of 100,000
 * synthetic GIFs through `npm start`'s wiring (createPlatform, in this process, PGlite), read as a
 * client streams it. Live memory is sampled as the rows arrive: the peak growth over the resting heap after
 * the first 10,000 rows beside the peak over the whole export (flat when the export streams in
 * constant memory), both beside the size of the CSV itself (what building it whole would hold).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createAccount } from '../../apps/server/src/accounts/create.ts';
import { accountsDb } from '../../apps/server/src/accounts/schema.ts';
import { serveHttp } from '../../apps/server/src/http/serve.ts';
import { createLogger } from '../../apps/server/src/logging/logger.ts';
import { createPlatform } from '../../apps/server/src/platform.ts';
import { createAccessToken } from '../../apps/server/src/tokens/store.ts';
import { openTestStore } from '../support/stores.ts';
import { buildSyntheticCorpus } from './synthetic-corpus.ts';

const ROWS = Number(process.env.CSV_BENCH_ROWS ?? 100_000);
const EARLY_ROWS = ROWS / 10;
/** Live memory is sampled after a forced collection every this many rows (garbage not yet collected is not held). */
const SAMPLE_EVERY_ROWS = 5_000;
const mib = (n: number) => `${(n / 1048576).toFixed(1)} MiB`;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

export async function benchCsvExport(): Promise<string[]> {
  const store = await openTestStore('pglite');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-csv-bench-'));
  try {
    await buildSyntheticCorpus(store.db, ROWS);
    const staff = await accountsDb(store.db)
      .transaction()
      .execute((trx) =>
        createAccount(
          trx,
          { username: 'csv_bench_staff', email: 'csv-bench@example.test', passwordHash: null, role: 'staff', emailVerified: true },
          { userId: null, via: 'cli', address: 'bench' },
        ),
      );
    const { token } = await createAccessToken(accountsDb(store.db), staff, { label: 'bench', scope: 'staff' });
    const platform = await createPlatform({
      store,
      dataDir,
      mediaDir: dataDir,
      env: { ACCESS_LOG: 'off', RATE_LIMIT_PER_ADDRESS: '100000000' },
      logger: createLogger({ level: 'warn' }),
    });
    let server: ReturnType<typeof serveHttp> | undefined;
    const port = await new Promise<number>((resolve) => {
      server = serveHttp(platform.fetch, { port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve(info.port));
    });
    gc();
    const rest = process.memoryUsage();
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/search-service/csv/`, { headers: { Authorization: `Bearer ${token}` } });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let bytes = 0,
      lines = 0,
      sampledAt = 0,
      peakHeap = 0,
      peakRss = 0,
      earlyHeap = 0,
      earlyRss = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      lines += decoder.decode(value, { stream: true }).split('\r\n').length - 1;
      if (lines - sampledAt < SAMPLE_EVERY_ROWS) continue;
      sampledAt = lines;
      gc();
      const now = process.memoryUsage();
      peakHeap = Math.max(peakHeap, now.heapUsed - rest.heapUsed);
      peakRss = Math.max(peakRss, now.rss - rest.rss);
      if (lines <= EARLY_ROWS) [earlyHeap, earlyRss] = [peakHeap, peakRss];
    }
    const ms = performance.now() - started;
    server?.close();
    await platform.stop();
    return [
      `CSV export (search service, ${ROWS.toLocaleString('en')} synthetic GIFs on PGlite, in-process through npm start's wiring):`,
      `  ${(lines - 1).toLocaleString('en')} rows, ${mib(bytes)} of CSV in ${(ms / 1000).toFixed(1)} s (${Math.round((lines - 1) / (ms / 1000)).toLocaleString('en')} rows/s)`,
      `  peak live heap growth (after GC, every ${SAMPLE_EVERY_ROWS.toLocaleString('en')} rows): first ${EARLY_ROWS.toLocaleString('en')} rows ${mib(earlyHeap)}, all ${(lines - 1).toLocaleString('en')} rows ${mib(peakHeap)} (${(peakHeap / Math.max(earlyHeap, 1)).toFixed(2)}x; the CSV itself is ${mib(bytes)})`,
      `  peak RSS growth:  first ${EARLY_ROWS.toLocaleString('en')} rows ${mib(earlyRss)}, all rows ${mib(peakRss)} (PGlite's WASM memory included)`,
    ];
  } finally {
    await store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `npm run bench [section…]`: performance figures, each beside its baseline in the same run.
 * Sections: api (PGlite, and PostgreSQL when DATABASE_URL is set), start (seeding and memory), sdk,
 * widgets (sizes and Chromium paint times against GIPHY's), edge (Node and workerd against direct),
 * ingest (pingback collector against a raw insert, and projection lag), embed and site (their pages' JS
 * and Chromium load times against static pages showing the same), abuse (ABUSE_MINUTES of mixed
 * normal and hostile traffic per store), processes (one against three server processes on one
 * PostgreSQL), memory (npm start's resident memory over 100,000 GIFs), jobs (the job runner's step
 * throughput and the magic-tag sweep per store), tags (tag prediction's precision on held-out tags),
 * uploads (processing throughput and memory against ffmpeg alone), csv (the search service's CSV
 * export of 100,000 GIFs: memory as it streams), keys (what a developer's API key costs a call), media
 * (what the content policy's check costs a media file served by the server). The
 * page and widget figures are measured on two browser profiles (normal, and throttled: 4x CPU, 1.6 Mbps, 150 ms RTT); a figure over its budget
 * marks its line OVER BUDGET and the run exits with status 1 (tests/bench/budget.ts).
 */
import { benchApi } from './api-bench.ts';
import { benchLargeLibraryMemory, benchStart } from './start-bench.ts';
import { sdkBundleSizes } from '../../apps/sdk/bench/size.ts';
import { benchWidgets } from '../../apps/widgets/bench/widgets-bench.ts';
import { benchEdge } from '../../edge/bench/edge-bench.ts';
import { benchEmbed } from '../../apps/web/bench/embed-bench.ts';
import { benchSite } from '../../apps/web/bench/site-bench.ts';
import { benchIngest } from './ingest-bench.ts';
import { benchProcesses } from './processes-bench.ts';
import { benchAbuse } from './abuse-bench.ts';
import { benchTagPrediction } from './tag-prediction-bench.ts';
import { benchUploads } from './upload-bench.ts';
import { overBudget } from './budget.ts';
import { benchJobs } from './jobs-bench.ts';
import { benchCsvExport } from './csv-export-bench.ts';
import { benchKeys } from './keys-bench.ts';
import { benchMedia } from './media-bench.ts';

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

const SECTIONS: Record<string, () => Promise<string[]>> = {
  api: async () => [
    ...(await benchApi('pglite', [100_000])),
    ...(process.env.DATABASE_URL ? await benchApi('postgres', [100_000, 1_000_000]) : ['(PostgreSQL skipped: DATABASE_URL is not set)']),
  ],
  processes: benchProcesses,
  memory: benchLargeLibraryMemory,
  start: benchStart,
  widgets: benchWidgets,
  edge: benchEdge,
  embed: benchEmbed,
  site: benchSite,
  ingest: benchIngest,
  abuse: benchAbuse,
  tags: benchTagPrediction,
  uploads: benchUploads,
  jobs: benchJobs,
  csv: benchCsvExport,
  keys: benchKeys,
  media: benchMedia,
  sdk: async () => {
    const [ours, giphy] = await sdkBundleSizes();
    return [
      'Provider client bundle (esbuild, minified, tree-shaken; same app for both):',
      `  ${ours!.name.padEnd(22)} ${kb(ours!.bytes).padStart(10)} min  ${kb(ours!.gzipBytes).padStart(9)} min+gzip`,
      `  ${giphy!.name.padEnd(22)} ${kb(giphy!.bytes).padStart(10)} min  ${kb(giphy!.gzipBytes).padStart(9)} min+gzip  (ours is ${(ours!.gzipBytes / giphy!.gzipBytes).toFixed(2)}x)`,
    ];
  },
};

const wanted = process.argv.slice(2);
const over: string[] = [];
for (const name of wanted.length ? wanted : Object.keys(SECTIONS)) {
  const section = SECTIONS[name];
  if (!section) {
    console.error(`Unknown bench section "${name}"; choose from ${Object.keys(SECTIONS).join(', ')}`);
    process.exit(2);
  }
  const lines = await section();
  for (const line of lines) console.log(line);
  console.log('');
  over.push(...overBudget(lines));
}
if (over.length > 0) {
  console.error(`Bench failed: ${over.length} figure(s) over budget:\n${over.join('\n')}`);
  process.exitCode = 1;
}

import type { StoreKind } from '../../apps/server/src/store/db.ts';
import { startTestServer } from '../support/server.ts';
import { BENCH_RUN_ENV } from '../support/test-run-env.ts';
import { ms, runLoad, type LoadResult } from './load.ts';

const REQUESTS = 2000;

/**
 * What the media door costs a file served by the server itself (an edge cache miss; the services
 * alone, no edge): a public GIF's small still, which asks the content policy (one primary-key
 * query), against an avatar (no GIF, no query) and the no-op route, one client after another and
 * eight at once. PGlite, and PostgreSQL when DATABASE_URL is set.
 */
export async function benchMedia(): Promise<string[]> {
  const kinds: StoreKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const lines: string[] = [];
  for (const kind of kinds) lines.push(...(await benchMediaOn(kind)));
  return process.env.DATABASE_URL ? lines : [...lines, '(PostgreSQL skipped: DATABASE_URL is not set)'];
}

async function benchMediaOn(kind: StoreKind): Promise<string[]> {
  const server = await startTestServer(kind, { edge: false, env: BENCH_RUN_ENV });
  try {
    const { body } = await server.get('/v1/gifs/search?q=@studio_sunny&rating=r&limit=1');
    const gif = body.data[0];
    const still = new URL(gif.images.fixed_width_still.url).pathname;
    const avatar = new URL(gif.user.avatar_url).pathname;
    const base = server.baseUrl;
    const rows: [string, LoadResult, LoadResult][] = [];
    for (const [name, path] of [
      ['no-op route', '/healthz'],
      ['avatar (no lookup)', avatar],
      ['public GIF still', still],
    ] as const) {
      const url = () => `${base}${path}`;
      rows.push([
        name,
        await runLoad(url, { requests: REQUESTS, concurrency: 1, warmup: 200 }),
        await runLoad(url, { requests: REQUESTS, concurrency: 8, warmup: 200 }),
      ]);
    }
    const [, avatarOne, avatarEight] = rows[1]!;
    return [
      `Media at the server, no edge (${kind}, ${REQUESTS} GETs; 1 client: p50, p99; 8 clients: p50, throughput; p50 ratio to the avatar):`,
      ...rows.map(
        ([name, one, eight]) =>
          `  ${name.padEnd(20)} ${ms(one.p50).padStart(9)} ${ms(one.p99).padStart(9)}  ${(one.p50 / avatarOne.p50).toFixed(2)}x   ${ms(eight.p50).padStart(9)} ${eight.perSecond.toFixed(0).padStart(6)}/s  ${(eight.p50 / avatarEight.p50).toFixed(2)}x${one.errors + eight.errors ? `  (${one.errors + eight.errors} errors)` : ''}`,
      ),
    ];
  } finally {
    await server.close();
  }
}

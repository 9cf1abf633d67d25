import { developersDb } from '../../apps/server/src/developers/schema.ts';
import { createApp } from '../../apps/server/src/developers/store.ts';
import { TIER_CALLS_PER_HOUR } from '../../apps/server/src/developers/constants.ts';
import { createAccount } from '../../apps/server/src/accounts/create.ts';
import { accountsDb } from '../../apps/server/src/accounts/schema.ts';
import { startTestServer } from '../support/server.ts';
import { BENCH_RUN_ENV } from '../support/test-run-env.ts';
import { ms, runLoad, type LoadResult } from './load.ts';

const REQUESTS = 2000;
const CONCURRENCY = 8;

/**
 * What a developer's key costs a call (README, Developer keys): a GIF by id with the site's key (a
 * cached lookup), with a production key (the lookup and an in-memory usage count) and with beta keys
 * (also the store's hourly upsert), each against the no-op route through the same stack; and one
 * flush of the usage counts. Every measured call misses the edge cache (a per-request random_id).
 */
export async function benchKeys(): Promise<string[]> {
  const server = await startTestServer('pglite', {
    env: { ...BENCH_RUN_ENV, RATE_LIMIT_PER_ADDRESS: '100000000', RATE_LIMIT_PER_KEY: '100000000', ACCESS_LOG: 'off' },
  });
  try {
    const db = developersDb(server.store.db);
    const owner = await accountsDb(server.store.db)
      .transaction()
      .execute((trx) =>
        createAccount(
          trx,
          { username: 'bench_dev', email: 'bench@example.test', passwordHash: null, role: 'user', emailVerified: true },
          { userId: null, via: 'cli', address: 'bench' },
        ),
      );
    const keyOf = async (tier: 'beta' | 'production') => {
      const { appId, keyId } = await createApp(db, owner, { name: 'bench', description: '', platform: 'web' });
      await db.updateTable('developer_apps').set({ tier }).where('id', '=', appId).execute();
      return (await db.selectFrom('api_keys').select('key').where('id', '=', keyId).executeTakeFirstOrThrow()).key;
    };
    const production = await keyOf('production');
    // A beta key allows TIER_CALLS_PER_HOUR.beta calls: a fresh key for each block of that many, so every call is counted by the store.
    const perBeta = TIER_CALLS_PER_HOUR.beta!;
    const betas = await Promise.all(Array.from({ length: Math.ceil((REQUESTS * 2) / perBeta) + 1 }, () => keyOf('beta')));
    const gif = (await server.get('/v1/gifs/search?q=cat&limit=1')).body.data[0].id as string;
    const base = server.baseUrl;
    const opts = { requests: REQUESTS, concurrency: CONCURRENCY, warmup: REQUESTS };
    const rows: [string, LoadResult][] = [];
    rows.push(['no-op route', await runLoad((i, pass) => `${base}/healthz?random_id=${pass}${i}`, opts)]);
    rows.push([
      'GIF by id, site key',
      await runLoad((i, pass) => `${base}/v1/gifs/${gif}?api_key=${server.webKey}&random_id=${pass}${i}`, opts),
    ]);
    rows.push([
      'GIF by id, production key',
      await runLoad((i, pass) => `${base}/v1/gifs/${gif}?api_key=${production}&random_id=${pass}${i}`, opts),
    ]);
    let beta = 0;
    rows.push([
      'GIF by id, beta key',
      await runLoad((i, pass) => `${base}/v1/gifs/${gif}?api_key=${betas[Math.floor(beta++ / perBeta)]}&random_id=${pass}${i}`, opts),
    ]);
    const started = performance.now();
    await server.analytics.usage.flush();
    const flushMs = performance.now() - started;
    const noop = rows[0]![1];
    return [
      `Developer keys (PGlite, ${REQUESTS} calls, ${CONCURRENCY} clients; p50, p99, throughput; ratio to the no-op route):`,
      ...rows.map(
        ([name, r]) =>
          `  ${name.padEnd(28)} ${ms(r.p50).padStart(9)} ${ms(r.p99).padStart(9)} ${r.perSecond.toFixed(0).padStart(6)}/s  p50 ${(r.p50 / noop.p50).toFixed(2)}x${r.errors ? `  (${r.errors} errors)` : ''}`,
      ),
      `  usage flush of what was left since the last timer tick: ${ms(flushMs)}`,
    ];
  } finally {
    await server.close();
  }
}

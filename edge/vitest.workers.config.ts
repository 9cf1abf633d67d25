import { fileURLToPath } from 'node:url';
import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { RATE_LIMIT_WINDOW_S } from './src/constants.ts';
import { SUITE_LIMITS } from './test/edge-suite.ts';

/**
 * The edge's specs inside workerd (`*.spec.ts`; the Node run takes `*.test.ts`). The rate limiting
 * bindings carry the suite's limits, as wrangler.toml's `[[ratelimits]]` carry production's.
 */
export default defineConfig({
  plugins: [
    cloudflareTest({
      miniflare: {
        compatibilityDate: '2025-09-01',
        compatibilityFlags: ['nodejs_compat'],
        ratelimits: {
          KEY_RATE_LIMITER: { namespace_id: '1001', simple: { limit: SUITE_LIMITS.perKey, period: RATE_LIMIT_WINDOW_S } },
          ADDRESS_RATE_LIMITER: { namespace_id: '1002', simple: { limit: SUITE_LIMITS.perAddress, period: RATE_LIMIT_WINDOW_S } },
          MEDIA_RATE_LIMITER: { namespace_id: '1003', simple: { limit: SUITE_LIMITS.mediaPerAddress, period: RATE_LIMIT_WINDOW_S } },
        },
        // wrangler.toml's R2 bucket and Queue producer, local to Miniflare. The specs run the Worker's
        // consumer on batches they make (cloudflare:test's createMessageBatch), so no consumer is bound here.
        r2Buckets: ['MEDIA_BUCKET'],
        queueProducers: { PINGBACK_QUEUE: { queueName: 'loopbox-pingbacks' } },
      },
    }),
  ],
  test: {
    name: 'workerd',
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['edge/test/**/*.spec.ts'],
    silent: 'passed-only',
    globalSetup: ['edge/test/workerd-setup.ts'],
  },
});

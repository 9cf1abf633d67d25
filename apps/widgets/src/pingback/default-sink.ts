import { createMainThreadSink } from '@loopbox/workers/main-thread-sink';
import type { PingbackSink } from './types.ts';

interface PagePingbackConfig {
  apiKey?: unknown;
  pingbackUrl?: unknown;
}

/**
 * The sink a widget uses when it is given none: an in-memory queue on the main thread to the
 * page's collector (`window.LOOPBOX_CONFIG.pingbackUrl`, with its `apiKey`); none without that
 * config. Pages that run the analytics pipeline (@loopbox/workers) pass its worker-backed sink instead.
 */
export function createDefaultPingbackSink(): PingbackSink | null {
  const config = (globalThis as { LOOPBOX_CONFIG?: PagePingbackConfig }).LOOPBOX_CONFIG;
  const { apiKey, pingbackUrl } = config ?? {};
  if (typeof apiKey !== 'string' || typeof pingbackUrl !== 'string' || !apiKey || !pingbackUrl) return null;
  return createMainThreadSink({ url: pingbackUrl, apiKey });
}

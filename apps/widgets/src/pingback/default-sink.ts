import { createFetchPingbackSink } from './fetch-sink.ts';
import type { PingbackSink } from './types.ts';

interface PagePingbackConfig {
  apiKey?: unknown;
  pingbackUrl?: unknown;
}

/**
 * The sink a widget uses when none is given: reports go to the page's collector
 * (`window.LOOPBOX_CONFIG.pingbackUrl`, with its `apiKey`); none without that config.
 * This is the one line to change when the pingback Web Worker arrives.
 */
export function createDefaultPingbackSink(): PingbackSink | null {
  const config = (globalThis as { LOOPBOX_CONFIG?: PagePingbackConfig }).LOOPBOX_CONFIG;
  const { apiKey, pingbackUrl } = config ?? {};
  if (typeof apiKey !== 'string' || typeof pingbackUrl !== 'string' || !apiKey || !pingbackUrl) return null;
  return createFetchPingbackSink({ url: pingbackUrl, apiKey });
}

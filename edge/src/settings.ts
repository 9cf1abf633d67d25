import { RATE_LIMIT_MEDIA_PER_ADDRESS, RATE_LIMIT_PER_ADDRESS, RATE_LIMIT_PER_KEY, UPSTREAM_TIMEOUT_MS } from './constants.ts';

/** The edge's tunables, read the same way from Workers vars and from the process environment. */
export interface EdgeSettings {
  /** One log line per request (ACCESS_LOG=off turns it off). */
  accessLog: boolean;
  siteOrigins: string[];
  upstreamTimeoutMs: number;
  rateLimitPerKey: number;
  rateLimitPerAddress: number;
  rateLimitMediaPerAddress: number;
}

function positiveInteger(env: Readonly<Record<string, unknown>>, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, not ${JSON.stringify(raw)}`);
  return value;
}

export function settingsFrom(env: Readonly<Record<string, unknown>>): EdgeSettings {
  const origins = typeof env.SITE_ORIGINS === 'string' ? env.SITE_ORIGINS : '';
  return {
    accessLog: env.ACCESS_LOG !== 'off',
    siteOrigins: origins
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    upstreamTimeoutMs: positiveInteger(env, 'UPSTREAM_TIMEOUT_MS', UPSTREAM_TIMEOUT_MS),
    rateLimitPerKey: positiveInteger(env, 'RATE_LIMIT_PER_KEY', RATE_LIMIT_PER_KEY),
    rateLimitPerAddress: positiveInteger(env, 'RATE_LIMIT_PER_ADDRESS', RATE_LIMIT_PER_ADDRESS),
    rateLimitMediaPerAddress: positiveInteger(env, 'RATE_LIMIT_MEDIA_PER_ADDRESS', RATE_LIMIT_MEDIA_PER_ADDRESS),
  };
}

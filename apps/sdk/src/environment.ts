/**
 * Defaults read from the host environment (browser, worker or Node). Each is read when a client
 * is built, never kept at module level, and each guards against what a sandboxed page forbids.
 */
import type { PageLocation } from './debug.ts';
import type { KeyValueStorage } from './pingback-id.ts';
import type { FetchLike } from './request.ts';

interface LoopboxPageConfig {
  apiBase?: unknown;
}

/** The page-level API base, `globalThis.LOOPBOX_CONFIG.apiBase`, when it is a string. */
export function pageApiBase(): string | undefined {
  const config = (globalThis as { LOOPBOX_CONFIG?: LoopboxPageConfig }).LOOPBOX_CONFIG;
  const apiBase = config?.apiBase;
  return typeof apiBase === 'string' && apiBase ? apiBase : undefined;
}

/** The platform fetch, called through globalThis so browsers do not reject a detached call. */
export const platformFetch: FetchLike = (url, init) => globalThis.fetch(url, init);

/** sessionStorage when available; reading it throws in some sandboxed frames. */
export function sessionStorageOrNull(): KeyValueStorage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** crypto.randomUUID when available (secure contexts only in browsers). */
export function platformRandomUUID(): (() => string) | undefined {
  const crypto = globalThis.crypto;
  return typeof crypto?.randomUUID === 'function' ? () => crypto.randomUUID() : undefined;
}

/** The page location, when there is one. */
export function pageLocation(): PageLocation | undefined {
  return (globalThis as { location?: PageLocation }).location;
}

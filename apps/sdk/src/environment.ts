/**
 * Defaults read from the host environment (browser, worker or Node). Each is read when a client
 * is built, never kept at module level, and each guards against what a sandboxed page forbids.
 */
import type { PageLocation } from './debug.ts';
import { getPingbackId, type KeyValueStorage } from './pingback-id.ts';
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
    return (globalThis as { sessionStorage?: KeyValueStorage }).sessionStorage ?? null;
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

/** The session's pingback id (SPEC 9) from this environment: kept in sessionStorage, made from crypto.randomUUID where allowed. */
export function sessionPingbackId(): string {
  return getPingbackId({ storage: sessionStorageOrNull(), randomUUID: platformRandomUUID() });
}

/** A fresh id for an analytics event: a UUID, or 32 random hex digits where crypto.randomUUID is missing. */
export function newEventId(): string {
  const randomUUID = platformRandomUUID();
  if (randomUUID) return randomUUID();
  return Array.from(globalThis.crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

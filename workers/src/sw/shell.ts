import { RUNTIME_CACHE_MAX_ENTRIES, RUNTIME_CACHE_NAME, SHELL_CACHE_PREFIX } from '../constants.ts';
import { answerAsRequested } from './range.ts';

/** What the build tells the service worker to precache (vite-plugin-service-worker.ts). */
export interface ShellManifest {
  /** Changes whenever the asset list changes: the shell cache's name carries it. */
  version: string;
  /** Hashed JS and CSS of the pages, as absolute paths. */
  assets: string[];
  /** Pages precached at install. */
  pages: string[];
}

/** The pages that reload offline: every URL of a kind serves the same HTML, kept under one key. */
const SHELL_PAGES: Array<[RegExp, string]> = [
  [/^\/gifs\/[A-Za-z0-9_-]+\/?$/, '/__shell/gif'],
  [/^\/widgets\/?$/, '/__shell/widgets'],
  [/^\/labs\/pipeline\/?$/, '/__shell/pipeline'],
];
/**
 * Kept per URL for offline reloads: embeds (the server renders each with its GIF in the HTML, so
 * one embed's page cannot stand for another's), GIF lookups by id, and media files.
 */
const RUNTIME_PATHS = [
  /^\/embed\/[A-Za-z0-9]+\/?$/,
  /^\/v1\/gifs\/(?!search$|random$|related$|trending$|categories$)[A-Za-z0-9]+$/,
  /^\/media\//,
];

export const shellKeyOf = (pathname: string) => SHELL_PAGES.find(([pattern]) => pattern.test(pathname))?.[1];
export const isRuntimeCached = (pathname: string) => RUNTIME_PATHS.some((pattern) => pattern.test(pathname));
export const shellCacheName = (manifest: ShellManifest) => `${SHELL_CACHE_PREFIX}${manifest.version}`;

/** Install: the hashed assets and the shell pages, all or nothing (Cache.addAll). */
export async function precacheShell(caches: CacheStorage, manifest: ShellManifest): Promise<void> {
  const cache = await caches.open(shellCacheName(manifest));
  await cache.addAll(manifest.assets);
  for (const page of manifest.pages) {
    const key = shellKeyOf(page);
    const response = await fetch(page);
    if (key && response.ok) await cache.put(key, response);
  }
}

/** Activate: drops the shell caches of earlier builds. */
export async function dropOldShells(caches: CacheStorage, manifest: ShellManifest): Promise<void> {
  const current = shellCacheName(manifest);
  for (const name of await caches.keys()) if (name.startsWith(SHELL_CACHE_PREFIX) && name !== current) await caches.delete(name);
}

/** A shell page: the network first (and the fresh copy kept), the kept copy when offline. */
export async function shellPage(caches: CacheStorage, manifest: ShellManifest, request: Request, key: string): Promise<Response> {
  const cache = await caches.open(shellCacheName(manifest));
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw error;
  }
}

/** Precached assets come from the cache; anything missing falls through to the network. */
export async function shellAsset(caches: CacheStorage, manifest: ShellManifest, request: Request): Promise<Response> {
  const cache = await caches.open(shellCacheName(manifest));
  return (await cache.match(request)) ?? fetch(request);
}

/**
 * Embeds and GIF lookups: network first, the last answer when offline. Media (immutable URLs): cache first,
 * fetched and kept whole even when a video asks for a range, so it plays offline too. The runtime
 * cache keeps at most RUNTIME_CACHE_MAX_ENTRIES, dropping the oldest.
 */
export async function runtimeResponse(caches: CacheStorage, request: Request, pathname: string): Promise<Response> {
  const cache = await caches.open(RUNTIME_CACHE_NAME);
  const key = request.url;
  const immutable = pathname.startsWith('/media/');
  if (immutable) {
    const kept = await cache.match(key);
    if (kept) return answerAsRequested(request, kept);
  }
  try {
    const response = await fetch(immutable ? key : request);
    if (response.status !== 200) return response;
    await cache.put(key, response.clone());
    const keys = await cache.keys();
    for (const old of keys.slice(0, Math.max(0, keys.length - RUNTIME_CACHE_MAX_ENTRIES))) await cache.delete(old);
    return immutable ? answerAsRequested(request, response) : response;
  } catch (error) {
    const kept = await cache.match(key);
    if (kept) return answerAsRequested(request, kept);
    throw error;
  }
}

/**
 * Fills the caches with what a page loaded before this worker controlled it (its first visit): the
 * page itself as its kind's shell, and the same-origin URLs the runtime cache keeps. So that visit
 * already reloads offline.
 */
export async function warmCaches(caches: CacheStorage, manifest: ShellManifest, origin: string, urls: string[]): Promise<number> {
  let warmed = 0;
  for (const url of new Set(urls)) {
    const parsed = new URL(url, origin);
    if (parsed.origin !== origin) continue;
    const shellKey = shellKeyOf(parsed.pathname);
    const request = new Request(parsed);
    const work = shellKey
      ? shellPage(caches, manifest, request, shellKey)
      : isRuntimeCached(parsed.pathname)
        ? runtimeResponse(caches, request, parsed.pathname)
        : undefined;
    // A URL that cannot be fetched now is simply not warmed: the count says how many were.
    if (work !== undefined)
      await work.then(
        () => {
          warmed += 1;
        },
        () => {},
      );
  }
  return warmed;
}

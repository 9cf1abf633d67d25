import { LEGACY_RUNTIME_CACHE_NAME, SHELL_CACHE_PREFIX } from '../constants.ts';
import { isRuntimeCached, mayKeep, shellKeyOf } from './routes.ts';
import type { RuntimeResponder } from './runtime.ts';
import type { ShellManifest } from './shell-manifest.ts';
import { shellCacheName, shellPage } from './shell-page.ts';

/** Install: the hashed assets and the shell pages, all or nothing (Cache.addAll). */
export async function precacheShell(caches: CacheStorage, manifest: ShellManifest): Promise<void> {
  const cache = await caches.open(shellCacheName(manifest));
  await cache.addAll(manifest.assets);
  for (const page of manifest.pages) {
    const key = shellKeyOf(page);
    const response = await fetch(page);
    if (key && mayKeep(response)) await cache.put(key, response);
  }
}

/** Activate: drops the shell caches of earlier builds, and the runtime cache from before workbox kept it. */
export async function dropOldCaches(caches: CacheStorage, manifest: ShellManifest): Promise<void> {
  const current = shellCacheName(manifest);
  for (const name of await caches.keys())
    if ((name.startsWith(SHELL_CACHE_PREFIX) && name !== current) || name === LEGACY_RUNTIME_CACHE_NAME) await caches.delete(name);
}

/** Precached assets come from the cache; anything missing falls through to the network. */
export async function shellAsset(caches: CacheStorage, manifest: ShellManifest, request: Request): Promise<Response> {
  const cache = await caches.open(shellCacheName(manifest));
  return (await cache.match(request)) ?? fetch(request);
}

/**
 * Fills the caches with what a page loaded before this worker controlled it (its first visit): the
 * page itself as its kind's shell, and the same-origin URLs the runtime cache keeps. So that visit
 * already reloads offline.
 */
export async function warmCaches(
  caches: CacheStorage,
  manifest: ShellManifest,
  runtime: { respond: RuntimeResponder; event: ExtendableEvent },
  origin: string,
  urls: string[],
): Promise<number> {
  let warmed = 0;
  for (const url of new Set(urls)) {
    const parsed = new URL(url, origin);
    if (parsed.origin !== origin) continue;
    const shellKey = shellKeyOf(parsed.pathname);
    const request = new Request(parsed);
    // A shell is warmed once its copy is kept, not when its answer starts.
    let stored: Promise<void> | undefined;
    const work = shellKey
      ? shellPage(caches, manifest, request, shellKey, (put) => {
          stored = put;
        }).then(() => stored)
      : isRuntimeCached(parsed.pathname)
        ? runtime.respond(runtime.event, request, parsed.pathname)
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

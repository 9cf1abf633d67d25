import { SHELL_CACHE_PREFIX } from '../constants.ts';
import { mayKeep } from './routes.ts';
import type { ShellManifest } from './shell-manifest.ts';

export const shellCacheName = (manifest: ShellManifest) => `${SHELL_CACHE_PREFIX}${manifest.version}`;

/**
 * A shell page: the network first, the kept copy when offline. The page streams to the browser as it
 * arrives; its copy is kept once whole, work handed to `keep` (the fetch event's waitUntil) rather
 * than awaited before answering, which would hold the page until its last byte.
 */
export async function shellPage(
  caches: CacheStorage,
  manifest: ShellManifest,
  request: Request,
  key: string,
  keep: (stored: Promise<void>) => void,
): Promise<Response> {
  const cache = caches.open(shellCacheName(manifest));
  try {
    const response = await fetch(request);
    if (mayKeep(response)) {
      const copy = response.clone();
      keep(cache.then((opened) => opened.put(key, copy)));
    }
    return response;
  } catch (error) {
    const kept = await (await cache).match(key);
    if (kept) return kept;
    throw error;
  }
}

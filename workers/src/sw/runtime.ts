import { ExpirationPlugin } from 'workbox-expiration';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { RUNTIME_CACHE_MAX_AGE_SECONDS, RUNTIME_CACHE_MAX_ENTRIES, RUNTIME_CACHE_NAME } from '../constants.ts';
import { answerAsRequested } from './range.ts';
import { mayKeep } from './routes.ts';

export type RuntimeResponder = (event: ExtendableEvent, request: Request, pathname: string) => Promise<Response>;

/**
 * The runtime cache, with workbox's strategies and expiration: embeds and GIF lookups network first
 * (the last answer when offline), media (immutable URLs) cache first. A medium is fetched and kept
 * whole even when a video asks for a range, and the range is cut from it, so it plays offline too.
 * One bound for both: RUNTIME_CACHE_MAX_ENTRIES, the least recently used dropped first, and nothing
 * served older than RUNTIME_CACHE_MAX_AGE_SECONDS. Neither keeps what the server marked `no-store` (mayKeep).
 */
export function createRuntimeCache(): RuntimeResponder {
  const bound = new ExpirationPlugin({
    maxEntries: RUNTIME_CACHE_MAX_ENTRIES,
    maxAgeSeconds: RUNTIME_CACHE_MAX_AGE_SECONDS,
    purgeOnQuotaError: true,
  });
  const whole = { requestWillFetch: async ({ request }: { request: Request }) => new Request(request.url) };
  const keptOnlyIfAllowed = { cacheWillUpdate: async ({ response }: { response: Response }) => (mayKeep(response) ? response : null) };
  const pages = new NetworkFirst({ cacheName: RUNTIME_CACHE_NAME, plugins: [keptOnlyIfAllowed, bound] });
  const media = new CacheFirst({ cacheName: RUNTIME_CACHE_NAME, plugins: [whole, keptOnlyIfAllowed, bound] });
  return async (event, request, pathname) =>
    pathname.startsWith('/media/') ? answerAsRequested(request, await media.handle({ event, request })) : pages.handle({ event, request });
}

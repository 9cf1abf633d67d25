import { ALL_TAG, CACHE_TAGS_HEADER, gifTag, PURGE_HEADER } from './constants.ts';
import type { Service } from './routes.ts';

const MEDIA_GIF_ID = /^\/media\/([^/]+)\//;

function gifIdsIn(body: Uint8Array): string[] {
  try {
    const { data } = JSON.parse(new TextDecoder().decode(body)) as { data?: unknown };
    const items: unknown[] = Array.isArray(data) ? data : [data];
    return items.flatMap((item) => {
      const id = (item as { id?: unknown } | null)?.id;
      return typeof id === 'string' ? [id] : [];
    });
  } catch {
    return [];
  }
}

/**
 * The purge tags of an answer about to be cached: every entry has ALL_TAG; a public API answer
 * the GIFs in its `data` (as the upstream names them in CACHE_TAGS_HEADER, with the channels a
 * channel search or a channel listing shows; else read from the body); a media file the GIF whose
 * rendition it is.
 */
export function cacheTags(service: Service, url: URL, response: Response, body: Uint8Array): string[] {
  const tags = [ALL_TAG];
  const named = response.headers.get(CACHE_TAGS_HEADER);
  if (named !== null) {
    tags.push(...splitTags(named));
  } else if (service === 'media') {
    const id = MEDIA_GIF_ID.exec(url.pathname)?.[1];
    if (id) tags.push(gifTag(id));
  } else if (service === 'publicApi' && response.headers.get('Content-Type')?.includes('json')) {
    tags.push(...gifIdsIn(body).map(gifTag));
  }
  return tags;
}

/** The tags an upstream names in its purge header. */
export function purgeTags(headers: Headers): string[] {
  return splitTags(headers.get(PURGE_HEADER) ?? '');
}

function splitTags(named: string): string[] {
  return named
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

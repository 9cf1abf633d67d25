import { firstDataKey, type SiteRoute } from '@loopbox/pages';
import { LoopboxFetch, normalizeImages, type CacheEntry, type CacheStore } from '@loopbox/sdk';
import type { WireEnvelope } from '@loopbox/sdk';
import type { GifRow } from '../../content/gif-row.ts';
import { mediaUrl, type LinkBase } from '../../http/origin.ts';
import { presentImages } from '../../public-api/present.ts';
import { firstScreenHtml, firstScreenPreloads, gifMediaPreload } from './first-screen-html.ts';
import { firstScreenView } from './first-screen-view.ts';

/** The public API answering in this process, as the browser's request would reach it (its cookies, its address). */
export type ApiFetch = (request: Request) => Promise<Response>;

export interface FirstScreen {
  /** The markup inside the app's root. */
  html: string;
  /** The head's preloads of the first media. */
  preloads: string;
  /** The API's answers by firstDataKey: the page's script finds its first requests answered. */
  data: Record<string, WireEnvelope>;
}

/** A cache that keeps every answer by its first-data key: what the page's script will ask. */
function recordingStore(data: Record<string, WireEnvelope>): CacheStore<WireEnvelope> {
  return {
    get: () => undefined,
    set(key: string, entry: CacheEntry<WireEnvelope>) {
      if (entry.ok) data[firstDataKey(key)] = entry.value;
    },
  };
}

/**
 * A site page's first screen, its data asked of the public API in this process with the site's own
 * key and the visitor's cookies: what the API would not show this visitor is not in it (one content
 * policy for every door). Undefined for a page without one, or when the API fails (the page's
 * script then asks and shows why).
 */
export async function renderFirstScreen(
  route: SiteRoute,
  request: { apiKey: string; apiBase: string; fetchApi: ApiFetch },
): Promise<FirstScreen | undefined> {
  const data: Record<string, WireEnvelope> = {};
  const client = new LoopboxFetch(request.apiKey, {
    baseUrl: request.apiBase,
    cache: recordingStore(data),
    storage: null,
    fetch: (url, init) => request.fetchApi(new Request(url, init)),
  });
  try {
    const origin = new URL(request.apiBase).origin;
    const getJson = async (path: string) => {
      const response = await request.fetchApi(new Request(`${origin}${path}`, { headers: { Accept: 'application/json' } }));
      if (response.status === 404 || response.status === 400) return undefined;
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      return response.json();
    };
    const view = await firstScreenView(route, client, getJson);
    if (!view) return undefined;
    return { html: firstScreenHtml(view), preloads: firstScreenPreloads(view), data };
  } catch {
    return undefined;
  }
}

/**
 * The GIF page's preload of its GIF, from the row its verdict read: sent with the head, before the
 * API has answered for the first screen. Its URLs are the ones the API's answer gives the picture.
 */
export const gifPagePreload = (row: GifRow, links: LinkBase): string =>
  gifMediaPreload({ images: normalizeImages(presentImages(row.images, (file) => mediaUrl(links, `${row.id}/${file}`))) });

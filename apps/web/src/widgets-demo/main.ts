/**
 * The widgets demo page (/widgets): each widget mounted with its render function on live data from
 * this server, every callback written to the log, and Unmount / Mount buttons per widget.
 * The render functions come from the standalone bundles as shipped (standalone.ts). Query parameters: `limit` (page size of the Grid and Carousel, default 25), `q` (the Grid's first
 * search; trending when empty), `video` (the video search, default 'video').
 */
import '../ui/styles/index.css';
import './demo.css';
import { LoopboxFetch, MemoryCacheStore, normalizeGif, type CacheEntry, type IGif, type WireEnvelope, type WireGif } from '@loopbox/sdk';
import type { GifCallbacks, Unmount } from '@loopbox/widgets';
import { readPageConfig, type PageConfig } from '../shared/page-config.ts';
import { sendPageView, startPagePipeline } from '../shared/page-pipeline.ts';
import { loadStandaloneWidgets, type RenderFunctions } from './standalone.ts';

const config = 'LOOPBOX_CONFIG' in window ? readPageConfig() : undefined;
const params = new URLSearchParams(location.search);
const limit = Number(params.get('limit')) || 25;
const videoQuery = params.get('video') ?? 'video';

/**
 * The provider client keeps a failed response for 6 s (SPEC 9), so 'Try again' right after a failure
 * would get the same error back. The demo keeps successes only, so Try again really retries.
 */
class SuccessCache extends MemoryCacheStore<WireEnvelope> {
  override set(key: string, entry: CacheEntry<WireEnvelope>): void {
    if (entry.ok) super.set(key, entry);
  }
}

const element = (id: string) => {
  const found = document.getElementById(id);
  if (!found) throw new Error(`#${id} is missing`);
  return found;
};

function log(widget: string, name: string, detail = '') {
  const item = document.createElement('li');
  item.dataset.event = `${widget}:${name}`;
  item.dataset.detail = detail;
  item.textContent = `${widget}: ${name}${detail ? ` ${detail}` : ''}`;
  element('event-log').append(item);
}

/** Logs every tile callback; clicks stay on the page. */
function tileCallbacks(widget: string): GifCallbacks {
  return {
    onGifClick: (gif, event) => {
      event.preventDefault();
      log(widget, 'click', gif.id);
    },
    onGifRightClick: (gif) => log(widget, 'right-click', gif.id),
    onGifKeyPress: (gif, event) => log(widget, 'key', `${gif.id} ${event.key}`),
    onGifHover: (gif) => log(widget, 'hover', gif.id),
    onGifSeen: (gif) => log(widget, 'seen', gif.id),
  };
}

async function firstVideo(client: LoopboxFetch, apiKey: string): Promise<IGif | undefined> {
  const url = new URL(`${client.baseUrl}videos/search`, location.href);
  url.search = new URLSearchParams({ q: videoQuery, limit: '1', api_key: apiKey }).toString();
  const response = await fetch(url, { headers: client.sdkHeaders });
  const body = (await response.json()) as { data?: WireGif[] };
  const item = body.data?.[0];
  return item ? normalizeGif(item) : undefined;
}

function start(page: PageConfig, { renderGrid, renderCarousel, renderGif, renderVideo }: RenderFunctions) {
  const client = new LoopboxFetch(page.apiKey, { cache: new SuccessCache() });
  // Every widget reports through the page's pipeline (the pingback Web Worker).
  const pipeline = startPagePipeline(page);
  const pingback = pipeline.pingbackSink;
  sendPageView(pipeline, { userId: client.pingbackId, pagePath: location.pathname });
  const width = (id: string) => Math.min(element(id).clientWidth, 1008);
  let query = params.get('q') ?? '';

  const widgets: Record<string, { mount: () => Unmount | Promise<Unmount | undefined>; unmount?: Unmount }> = {
    grid: {
      mount: () =>
        renderGrid(
          {
            width: width('grid'),
            columns: 3,
            fetchGifs: query ? (offset) => client.search(query, { offset, limit }) : (offset) => client.trending({ offset, limit }),
            noResultsMessage: 'No GIFs found.',
            pingback,
            onGifsFetched: (gifs) => log('grid', 'fetched', String(gifs.length)),
            onGifsFetchError: () => log('grid', 'error'),
            ...tileCallbacks('grid'),
          },
          element('grid'),
        ),
    },
    carousel: {
      mount: () =>
        renderCarousel(
          {
            gifHeight: 120,
            label: 'Trending stickers',
            pingback,
            fetchGifs: (offset) => client.trending({ type: 'stickers', offset, limit }),
            onGifsFetched: (gifs) => log('carousel', 'fetched', String(gifs.length)),
            ...tileCallbacks('carousel'),
          },
          element('carousel'),
        ),
    },
    gif: {
      mount: async () => {
        const { data } = await client.trending({ limit: 1 });
        const gif = data[0];
        return gif ? renderGif({ gif, width: 300, pingback, ...tileCallbacks('gif') }, element('gif')) : undefined;
      },
    },
    video: {
      mount: async () => {
        const gif = await firstVideo(client, page.apiKey);
        if (!gif) return undefined;
        return renderVideo(
          {
            gif,
            width: Math.min(width('video'), 480),
            controls: true,
            pingback,
            onStart: () => log('video', 'start'),
            onMuted: () => log('video', 'muted'),
            onQuartile: (quartile) => log('video', 'quartile', String(quartile)),
            onLoop: (count) => log('video', 'loop', String(count)),
            onEnded: () => log('video', 'ended'),
            onError: ({ code, message }) => log('video', 'error', `${code} ${message}`),
          },
          element('video'),
        );
      },
    },
  };

  async function mount(name: string) {
    const widget = widgets[name];
    if (!widget || widget.unmount) return;
    widget.unmount = (await widget.mount()) ?? undefined;
    element(name).dataset.mounted = String(Boolean(widget.unmount));
  }
  function unmount(name: string) {
    const widget = widgets[name];
    widget?.unmount?.();
    if (widget) widget.unmount = undefined;
    element(name).dataset.mounted = 'false';
  }

  document.addEventListener('click', (event) => {
    const button = (event.target as Element).closest('button');
    if (button?.dataset.unmount) unmount(button.dataset.unmount);
    if (button?.dataset.mount) void mount(button.dataset.mount);
  });
  const search = element('grid-search') as HTMLFormElement;
  (search.elements.namedItem('q') as HTMLInputElement).value = query;
  search.addEventListener('submit', (event) => {
    event.preventDefault();
    query = String(new FormData(search).get('q') ?? '').trim();
    unmount('grid');
    void mount('grid');
  });
  for (const name of Object.keys(widgets)) void mount(name);
}

if (config) void loadStandaloneWidgets().then((render) => start(config, render));
else log('page', 'error', 'window.LOOPBOX_CONFIG is missing: open this page through the Loopbox server');

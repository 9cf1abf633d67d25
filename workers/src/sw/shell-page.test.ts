import { afterEach, describe, expect, it, vi } from 'vitest';
import { shellCacheName, shellPage } from './shell-page.ts';
import type { ShellManifest } from './shell-manifest.ts';

const manifest: ShellManifest = { version: 'test', assets: [], pages: [] };
const KEY = '/__shell/widgets';

/** CacheStorage as the browser's behaves for what shellPage asks: put reads the whole body before it resolves. */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      async put(key: string, response: Response) {
        store.set(key, new Response(await response.arrayBuffer(), { headers: response.headers }));
      },
      match: async (key: string) => store.get(key)?.clone(),
    };
  };
  return { caches: { open } as unknown as CacheStorage, kept: (key: string) => stores.get(shellCacheName(manifest))?.get(key) };
}

/** A page that sends its head at once and the rest only when `finish` is called, as a served page streams. */
function streamedPage() {
  let finish = () => {};
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode('<head></head>'));
      finish = () => {
        controller.enqueue(encoder.encode('<div id="root"></div>'));
        controller.close();
      };
    },
  });
  return { response: new Response(body, { headers: { 'Content-Type': 'text/html' } }), finish: () => finish() };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('shellPage', () => {
  it('answers with the page as it streams, and keeps its copy once the page is whole', async () => {
    const page = streamedPage();
    vi.stubGlobal('fetch', async () => page.response);
    const { caches, kept } = memoryCaches();
    const handedOver: Promise<void>[] = [];

    let answered = false;
    const answering = shellPage(caches, manifest, new Request('http://127.0.0.1/widgets'), KEY, (stored) => {
      handedOver.push(stored);
    }).then((response) => {
      answered = true;
      return response;
    });
    // Every promise that can settle before the rest of the page exists has settled after one macrotask.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(answered).toBe(true);
    const response = await answering;
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('<head></head>');
    expect(handedOver).toHaveLength(1);
    expect(kept(KEY)).toBeUndefined();

    page.finish();
    while (!(await reader.read()).done);
    await handedOver[0];
    expect(await kept(KEY)!.clone().text()).toBe('<head></head><div id="root"></div>');
  });

  it('answers with the kept copy when the network fails, and keeps nothing of an error page', async () => {
    const { caches, kept } = memoryCaches();
    const keep = vi.fn();
    vi.stubGlobal('fetch', async () => new Response('gone', { status: 500 }));
    expect((await shellPage(caches, manifest, new Request('http://127.0.0.1/widgets'), KEY, keep)).status).toBe(500);
    expect(keep).not.toHaveBeenCalled();
    expect(kept(KEY)).toBeUndefined();

    vi.stubGlobal('fetch', async () => new Response('<p>kept</p>'));
    await shellPage(caches, manifest, new Request('http://127.0.0.1/widgets'), KEY, (stored) => keep(stored));
    await keep.mock.calls[0]![0];
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const offline = await shellPage(caches, manifest, new Request('http://127.0.0.1/widgets?offline'), KEY, keep);
    expect(await offline.text()).toBe('<p>kept</p>');
    await expect(shellPage(memoryCaches().caches, manifest, new Request('http://127.0.0.1/widgets?offline'), KEY, keep)).rejects.toThrow(
      'Failed to fetch',
    );
  });
});

/**
 * The widgets demo page (/widgets) in Debian's Chromium against a real seeded server: infinite
 * scroll, error and retry, no results, usage reports landing in the event log, video controls on a
 * real mp4, a clean unmount, and an accessibility check.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SDK_NAME, SDK_VERSION } from '../../apps/sdk/src/constants.ts';
import { GRID_ERROR_MESSAGE } from '../../apps/widgets/src/constants.ts';
import { E2E_STEP_TIMEOUT_MS, E2E_TEST_TIMEOUT_MS, launchBrowser, type TestBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/** Page size the tests use, so the sample corpus's trending GIFs span several pages. */
const LIMIT = 4;

describe('widgets demo page in Chromium', { timeout: E2E_TEST_TIMEOUT_MS }, () => {
  let server: TestServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    server = await startTestServer('pglite', { web: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(query = `?limit=${LIMIT}`, setup?: (page: Page) => Promise<unknown>) {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await setup?.(page);
    await page.goto(`${server.baseUrl}/widgets${query}`);
    return { page, errors };
  }

  /** Resolves once the demo's callback log has an entry for `event` (e.g. 'video:quartile'). */
  const logged = (page: Page, event: string, detail?: string) =>
    page.waitForSelector(`#event-log li[data-event="${event}"]${detail === undefined ? '' : `[data-detail="${detail}"]`}`, {
      state: 'attached',
    });
  const gridTileIds = (page: Page) => page.$$eval('#grid .lb-gif', (tiles) => tiles.map((t) => t.getAttribute('data-lb-gif-id')));

  async function trendingIds(): Promise<string[]> {
    const { body } = await server.get('/v1/gifs/trending?limit=50');
    return (body.data as Array<{ id: string }>).map((g) => g.id);
  }

  it('scrolls the grid to the end of the result set, one page per sighting of the loader', async () => {
    const expected = await trendingIds();
    expect(expected.length).toBeGreaterThan(LIMIT * 2);
    const offsets: string[] = [];
    const { page, errors } = await open(undefined, async (p) => {
      p.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname === '/v1/gifs/trending' && url.searchParams.has('offset')) offsets.push(url.searchParams.get('offset')!);
      });
    });
    await page.waitForSelector('#grid .lb-gif');
    while ((await page.getAttribute('#grid .lb-grid', 'data-lb-done')) !== 'true') {
      const before = (await gridTileIds(page)).length;
      await page
        .locator('#grid .lb-grid__loader')
        .scrollIntoViewIfNeeded()
        .catch(() => {});
      await page.waitForFunction(
        (count) =>
          document.querySelectorAll('#grid .lb-gif').length > count ||
          document.querySelector('#grid .lb-grid')?.getAttribute('data-lb-done') === 'true',
        before,
      );
    }
    expect(await gridTileIds(page)).toHaveLength(expected.length);
    expect(new Set(await gridTileIds(page))).toEqual(new Set(expected));
    expect(await page.locator('#grid .lb-grid__loader').count()).toBe(0);
    expect(offsets).toEqual(Array.from({ length: Math.ceil(expected.length / LIMIT) }, (_, i) => String(i * LIMIT)));
    // Masonry columns of floor((width − 6 × 2) / 3) pixels.
    const { width, columns } = await page.$eval('#grid .lb-grid', (grid) => ({
      width: (grid as HTMLElement).getBoundingClientRect().width,
      columns: [...grid.querySelectorAll('.lb-grid__column')].map((c) => c.getBoundingClientRect().width),
    }));
    expect(columns).toEqual(Array(3).fill(Math.floor((width - 12) / 3)));
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows 'Error loading GIFs. Try again?' when a page fails, and Try again loads it", async () => {
    const failing = (url: URL) => url.pathname === '/v1/gifs/trending' && url.searchParams.get('offset') === String(LIMIT);
    const { page } = await open(undefined, (p) => p.route(failing, (route) => route.abort('failed')));
    const retry = page.locator('#grid .lb-grid__error[role=alert] button.lb-grid__retry');
    await page.waitForSelector('#grid .lb-gif');
    await page.locator('#grid .lb-grid__loader').scrollIntoViewIfNeeded();
    await retry.waitFor();
    expect(await retry.textContent()).toBe(GRID_ERROR_MESSAGE);
    await logged(page, 'grid:error');
    expect(await gridTileIds(page)).toHaveLength(LIMIT);

    await page.unroute(failing);
    const refetch = page.waitForRequest((r) => failing(new URL(r.url())));
    await retry.click();
    await refetch;
    await page.waitForFunction((count) => document.querySelectorAll('#grid .lb-gif').length > count, LIMIT);
    expect(await page.locator('#grid .lb-grid__error').count()).toBe(0);
    await page.close();
  });

  it('shows the no-results message for a search that finds nothing', async () => {
    const { page } = await open();
    await page.waitForSelector('#grid .lb-gif');
    await page.fill('#grid-search input[name=q]', 'zzqqxxnothing');
    await page.click('#grid-search button[type=submit]');
    await page.waitForSelector('#grid .lb-grid__no-results');
    expect(await page.textContent('#grid .lb-grid__no-results')).toBe('No GIFs found.');
    expect(await gridTileIds(page)).toEqual([]);
    await page.close();
  });

  it('sends SEEN, HOVER, CLICK and START reports that the server records with their attributes', async () => {
    const posts: Request[] = [];
    const { page } = await open(undefined, async (p) => {
      p.on('request', (r) => {
        if (new URL(r.url()).pathname === '/v2/pingback') posts.push(r);
      });
    });
    const tile = page.locator('#grid .lb-gif').first();
    await tile.waitFor();
    const gifId = (await tile.getAttribute('data-lb-gif-id'))!;
    await logged(page, 'grid:seen', gifId);
    await tile.hover();
    await logged(page, 'grid:hover', gifId);
    await tile.click();
    await logged(page, 'grid:click', gifId);
    await logged(page, 'video:start');
    const videoId = await videoGifId();
    const box = (await tile.boundingBox())!;
    const userId = await page.evaluate(() => sessionStorage.getItem('loopbox_pingback_id'));
    expect(userId).toMatch(/^[0-9a-z]{16}$/);

    // Rows of this page's session only: earlier pages reported the same GIFs under other ids.
    const mine = (r: EventRow) => r.payload.user_id === userId;
    const gridRows = (rows: EventRow[], action: string) =>
      rows.filter(
        (r) => mine(r) && r.type === `pingback.${action}` && r.stream_id === gifId && r.payload.attributes.layout_type === 'GRID',
      );
    const startRows = (rows: EventRow[]) => rows.filter((r) => mine(r) && r.type === 'pingback.start' && r.stream_id === videoId);
    const recorded = await waitForEvents(
      (rows) => ['seen', 'hover', 'click'].every((a) => gridRows(rows, a).length > 0) && startRows(rows).length > 0,
    );
    for (const action of ['seen', 'hover', 'click']) {
      const rows = gridRows(recorded, action);
      expect(rows, action).toHaveLength(1);
      const { payload } = rows[0]!;
      expect(payload.attributes.position).toMatchObject({ width: Math.round(box.width), height: Math.round(box.height) });
      expect(payload.event_type).toBe('GIF_TRENDING');
    }
    const start = startRows(recorded);
    expect(start).toHaveLength(1);
    expect(start[0]!.payload.attributes.layout_type).toBe('VIDEO');
    // Every batch carried the SDK identification headers.
    expect(posts.length).toBeGreaterThan(0);
    for (const post of posts) {
      const headers = await post.allHeaders();
      expect(headers['x-giphy-sdk-name']).toBe(SDK_NAME);
      expect(headers['x-giphy-sdk-version']).toBe(SDK_VERSION);
      expect(new URL(post.url()).searchParams.get('apikey')).toBe(server.webKey);
    }
    await page.close();

    async function videoGifId() {
      return page.$eval('#video video', (video) => new URL((video as HTMLVideoElement).currentSrc).pathname.split('/')[2]!);
    }
  });

  type EventRow = { type: string; stream_id: string; payload: any };
  /** Polls the event log until `done` holds for the pingback rows (the sink sends after a 1 s lull). */
  async function waitForEvents(done: (rows: EventRow[]) => boolean): Promise<EventRow[]> {
    for (;;) {
      const rows = (await server.store.db
        .selectFrom('events')
        .select(['type', 'stream_id', 'payload'])
        .where('type', 'like', 'pingback.%')
        .execute()) as EventRow[];
      if (done(rows)) return rows;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('plays a real mp4 with working controls, quartile reports and loops', async () => {
    const { page, errors } = await open();
    const video = page.locator('#video video');
    await logged(page, 'video:start');
    // Whether Chromium lets unmuted autoplay through without a gesture varies with its engagement
    // heuristics; when it refuses, the muted retry plays it and reports muted before the start.
    const refused = (await page.locator('#event-log li[data-event="video:muted"]').count()) > 0;
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(refused);
    expect(await video.evaluate((v: HTMLVideoElement) => new URL(v.currentSrc).pathname)).toMatch(/\.mp4$/);
    for (const quartile of ['0.25', '0.5', '0.75']) await logged(page, 'video:quartile', quartile);
    await logged(page, 'video:loop', '1');
    expect(await page.locator('#event-log li[data-event="video:quartile"]').count()).toBe(3);

    await page.hover('#video .lb-video');
    await page.waitForSelector('#video .lb-video__controls--shown');
    const progress = Number(await page.getAttribute('#video [role=progressbar]', 'aria-valuenow'));
    expect(progress).toBeGreaterThan(0);
    await page.click('#video button[aria-label="Pause"]');
    await page.waitForSelector('#video button[aria-label="Play"]');
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await page.click('#video button[aria-label="Play"]');
    await page.waitForSelector('#video button[aria-label="Pause"]');
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
    await page.click(`#video button[aria-label="${refused ? 'Unmute' : 'Mute'}"]`);
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(!refused);
    await page.click(`#video button[aria-label="${refused ? 'Mute' : 'Unmute'}"]`);
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(refused);
    await page.mouse.move(0, 0);
    await page.waitForSelector('#video .lb-video__controls--hidden');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('unmounts every widget completely: empty elements, no observers, timers or traffic left', async () => {
    const { page } = await open(undefined, (p) => p.addInitScript({ content: INSTRUMENT }));
    await page.waitForSelector('#grid .lb-gif');
    await page.waitForSelector('#carousel .lb-gif');
    await page.waitForSelector('#gif .lb-gif');
    await logged(page, 'video:start');
    // Queue a report just before unmounting: hover a tile long enough for HOVER. Under load the widgets
    // above may still grow and move it from under a still pointer first, so it is hovered again until logged.
    const hovers = page.locator('#event-log li[data-event="gif:hover"]');
    await expect
      .poll(
        async () => {
          if ((await hovers.count()) > 0) return true;
          await page.mouse.move(0, 0);
          await page.hover('#gif .lb-gif');
          return false;
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(true);

    const userId = await page.evaluate(() => sessionStorage.getItem('loopbox_pingback_id'));
    const gifId = (await page.getAttribute('#gif .lb-gif', 'data-lb-gif-id'))!;
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    // Park the pointer at the page's top corner and press the buttons without moving it: a pointer left on a
    // button would sit on whichever tile the unmounting shifts under it, and rightly report one more HOVER.
    await page.mouse.move(0, 0);
    for (const name of ['grid', 'carousel', 'gif', 'video']) await page.locator(`button[data-unmount="${name}"]`).dispatchEvent('click');
    // The reports the widgets made live on in the page's pipeline, which delivers them after unmounting.
    const hoversOf = async () =>
      (
        await server.store.db
          .selectFrom('events')
          .select(['payload'])
          .where('type', '=', 'pingback.hover')
          .where('stream_id', '=', gifId)
          .execute()
      )
        .map((r) => r.payload as { user_id: string; attributes: { layout_type: string } })
        .filter((p) => p.user_id === userId);
    await expect.poll(async () => (await hoversOf()).length, { timeout: E2E_STEP_TIMEOUT_MS }).toBeGreaterThan(0);
    expect(await hoversOf()).toEqual([expect.objectContaining({ attributes: expect.objectContaining({ layout_type: 'GIF' }) })]);

    const left = await page.evaluate(() => {
      const live = (window as unknown as { __live: () => Record<string, number> }).__live();
      const html = ['grid', 'carousel', 'gif', 'video'].map((id) => document.getElementById(id)!.innerHTML);
      return { ...live, html };
    });
    expect(left.html).toEqual(['', '', '', '']);
    expect(left).toMatchObject({ observers: 0, timers: 0 });

    // Scroll and point over where the widgets were, then make one marker request: nothing else goes out.
    requests.length = 0;
    await page.mouse.move(300, 300);
    await page.mouse.wheel(0, 3000);
    await page.mouse.move(400, 500);
    await page.evaluate(() => fetch('/healthz?marker'));
    expect(requests).toEqual(['/healthz']);
    await page.close();
  });

  it('runs the standalone bundles as shipped, which any origin may import', async () => {
    const { page, errors } = await open();
    const loaded: string[] = [];
    page.on('response', (r) => loaded.push(new URL(r.url()).pathname));
    await page.reload();
    await page.waitForSelector('#grid .lb-gif');
    expect(loaded).toEqual(
      expect.arrayContaining(['/lib/widgets/render-grid.js', '/lib/widgets/render-video.js', '/lib/widgets/styles.css']),
    );
    const response = await fetch(`${server.baseUrl}/lib/widgets/render-grid.js`, { headers: { Origin: 'https://blog.example' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('has no serious or critical accessibility violations', async () => {
    const { page } = await open();
    await page.waitForSelector('#grid .lb-gif.lb-gif--loaded');
    await page.waitForSelector('#carousel .lb-gif');
    await logged(page, 'video:start');
    await page.hover('#video .lb-video');
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.close();
  });
});

/**
 * Runs in the page before its scripts: counts the IntersectionObservers and ResizeObservers still
 * watching something and the timeouts and intervals still pending, for `window.__live()`. Plain
 * JavaScript in a string, so no transform of this file can add helpers the page lacks.
 */
const INSTRUMENT = `
(() => {
  const observing = new Map();
  for (const name of ['IntersectionObserver', 'ResizeObserver']) {
    const proto = window[name].prototype;
    const { observe, unobserve, disconnect } = proto;
    proto.observe = function (target) {
      if (!observing.has(this)) observing.set(this, new Set());
      observing.get(this).add(target);
      return observe.call(this, target);
    };
    proto.unobserve = function (target) {
      observing.get(this)?.delete(target);
      return unobserve.call(this, target);
    };
    proto.disconnect = function () {
      observing.delete(this);
      return disconnect.call(this);
    };
  }
  const pending = new Set();
  const [realSetTimeout, realClearTimeout, realSetInterval, realClearInterval] = [setTimeout, clearTimeout, setInterval, clearInterval];
  window.setTimeout = (fn, ms, ...args) => {
    const id = realSetTimeout((...a) => {
      pending.delete(id);
      if (typeof fn === 'function') fn(...a);
    }, ms, ...args);
    pending.add(id);
    return id;
  };
  window.clearTimeout = (id) => {
    pending.delete(id);
    realClearTimeout(id);
  };
  window.setInterval = (fn, ms, ...args) => {
    const id = realSetInterval(fn, ms, ...args);
    pending.add(id);
    return id;
  };
  window.clearInterval = (id) => {
    pending.delete(id);
    realClearInterval(id);
  };
  window.__live = () => ({
    observers: [...observing.values()].filter((targets) => targets.size > 0).length,
    timers: pending.size,
  });
})();
`;

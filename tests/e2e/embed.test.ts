/**
 * The embed view (/embed/{id}) in Debian's Chromium against a real
 * seeded server: hover timings on the browser clock, the share menu and its popups, the embed code,
 * pause/play on an image and a video, the media overlay against local stand-ins for both video
 * hosts' players (and the first host's API script, inserted on demand), hiding at small sizes,
 * related paging, the footer offset and scroll markers, analytics in the event log, a title made
 * of markup, mobile, and an accessibility check.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMBED_HOVER_LABEL,
  FOOTER_OFFSET_EXTRA_PX,
  HOVER_IN_DELAY_MS,
  HOVER_OUT_DELAY_GRID_ACTIVE_MS,
  HOVER_OUT_DELAY_MS,
} from '../../machines/constants.ts';
import {
  FIRST_HOST_API_SCRIPT_URL,
  RELATED_FIRST_PAGE_LIMIT,
  RELATED_GRID_WIDTH_MARGIN_PX,
  RELATED_PAGE_LIMIT,
} from '../../apps/web/src/embed/constants.ts';
import { embedCode } from '@loopbox/pages';
import { relatedLayoutOf } from '../../apps/web/src/embed/related-layout.ts';
import { playerUrl } from '../../apps/web/src/embed/external-video.ts';
import { E2E_STEP_TIMEOUT_MS, E2E_TEST_TIMEOUT_MS, launchBrowser, type TestBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const MOBILE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/**
 * A stand-in for a video host's player page: records the messages it gets and exposes
 * `emit(message)`, which posts to the embed the way the real player does.
 */
const PLAYER_STUB = `<!doctype html><title>player</title><body>player<script>
  window.received = [];
  addEventListener('message', (e) => received.push(e.data));
  window.emit = (message) => parent.postMessage(JSON.stringify(message), '*');
</script>`;

type WireGif = {
  id: string;
  url: string;
  embed_url: string;
  is_sticker: number;
  title: string;
  images: Record<string, { url: string; mp4?: string; width: string; height: string }>;
  external_media?: { provider_name: 'YouTube' | 'Vimeo'; asset_uid: string; start?: number };
};
type EventRow = { type: string; payload: Record<string, unknown> };

describe('embed view in Chromium', { timeout: E2E_TEST_TIMEOUT_MS }, () => {
  let server: TestServer;
  let browser: TestBrowser;
  let gifs: WireGif[];

  beforeAll(async () => {
    server = await startTestServer('pglite', { web: true });
    browser = await launchBrowser();
    // Share popups land on a local page instead of the social networks.
    await browser.context.route(/^https:\/\/(www\.facebook\.com|twitter\.com|pinterest\.com)\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>share</title>' }),
    );
    const rows = await server.store.db
      .selectFrom('gifs')
      .select('id')
      .where('is_removed', '=', false)
      .where('is_hidden', '=', false)
      .execute();
    const { body } = await server.get(`/v1/gifs?ids=${rows.map((r) => r.id).join(',')}`);
    gifs = body.data;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const find = (test: (gif: WireGif) => boolean) => {
    const gif = gifs.find(test);
    if (!gif) throw new Error('no such GIF in the sample corpus');
    return gif;
  };
  const plainGif = () => find((g) => !g.is_sticker && !g.external_media && Boolean(g.images.original?.mp4));
  const sticker = () => find((g) => g.is_sticker === 1 && g.images.original_still !== undefined);
  const hosted = (host: 'YouTube' | 'Vimeo') => find((g) => g.external_media?.provider_name === host);

  async function open(
    path: string,
    options: { clock?: boolean; mobile?: boolean; reducedMotion?: boolean; viewport?: { width: number; height: number } } = {},
  ) {
    const page = await browser.context.newPage();
    if (options.reducedMotion) await page.emulateMedia({ reducedMotion: 'reduce' });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.route(/^https:\/\/(www\.youtube\.com\/embed|player\.vimeo\.com)\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: PLAYER_STUB }),
    );
    await page.addInitScript(() => {
      const opened: string[][] = [];
      (window as unknown as { opened: string[][] }).opened = opened;
      const open = window.open.bind(window);
      window.open = (url?: string | URL, target?: string, features?: string) => {
        opened.push([String(url), String(target), String(features)]);
        return open(url, target, features);
      };
    });
    if (options.mobile) {
      const cdp = await browser.context.newCDPSession(page);
      await cdp.send('Emulation.setUserAgentOverride', { userAgent: MOBILE_UA });
    }
    await page.setViewportSize(options.viewport ?? (options.mobile ? { width: 390, height: 600 } : { width: 480, height: 400 }));
    // The clock belongs to the browser context: every page gets it, flowing in real time unless
    // the test drives it, in which case it stops once the embed is up.
    const start = Date.now();
    await page.clock.install({ time: start });
    await page.clock.resume();
    await page.goto(`${server.baseUrl}${path}`);
    // The view is in the served HTML; its scripts start with the first frame. Tests drive it hydrated.
    await page.waitForSelector('.lb-embed--ready');
    if (options.clock) await page.clock.pauseAt(start + 60_000);
    return { page, errors };
  }

  /** Whether an element is rendered and not visibility-hidden (isVisible ignores visibility). */
  const shown = (page: Page, selector: string) =>
    page
      .$eval(selector, (el) => {
        const style = getComputedStyle(el);
        return style.display !== 'none' && style.visibility === 'visible' && el.getBoundingClientRect().width > 0;
      })
      .catch(() => false);
  const waitShown = (page: Page, selector: string, wanted = true) =>
    page.waitForFunction(
      ([sel, want]) => {
        const el = document.querySelector(sel as string);
        const style = el && getComputedStyle(el);
        const visible = Boolean(
          el && style && style.display !== 'none' && style.visibility === 'visible' && el.getBoundingClientRect().width > 0,
        );
        return visible === want;
      },
      [selector, wanted] as const,
    );
  /**
   * The pointer leaves the embed's frame (as it does when it leaves the iframe on a host page): the
   * browser fires `mouseout` (bubbling) and `mouseleave` (not bubbling), with no related target.
   */
  const leave = (page: Page) =>
    page.$eval('.lb-embed', (view) => {
      view.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: null }));
      view.dispatchEvent(new MouseEvent('mouseleave', { bubbles: false, relatedTarget: null }));
    });

  /** Moves the pointer into the embed and past the hover-in delay on the page's clock. */
  async function hover(page: Page) {
    await page.mouse.move(100, 100);
    await page.clock.runFor(HOVER_IN_DELAY_MS);
    await page.waitForSelector('.lb-embed--hovered, .lb-embed--share-open');
  }
  /** A GIF with more related GIFs than the first page holds (at the client's pg-13 rating). */
  async function withManyRelated(): Promise<WireGif> {
    for (const gif of gifs.filter((g) => !g.is_sticker)) {
      const { body } = await server.get(`/v1/gifs/related?gif_id=${gif.id}&limit=1&rating=pg-13`);
      if (body.pagination.total_count > RELATED_FIRST_PAGE_LIMIT + 1) return gif;
    }
    throw new Error('no GIF with enough related GIFs');
  }
  const codeOf = (gif: WireGif) =>
    embedCode({
      embedUrl: gif.embed_url,
      pageUrl: gif.url,
      width: Number(gif.images.original!.width),
      height: Number(gif.images.original!.height),
    });
  /** The player stand-in inside the media overlay, once its script is ready. */
  async function playerFrame(page: Page) {
    const frame = await (await page.waitForSelector('iframe.lb-embed__player')).contentFrame();
    if (!frame) throw new Error('no player frame');
    await frame.waitForFunction(() => 'emit' in window);
    return frame;
  }

  /**
   * The collector's logged analytics events of one kind (POST /v2/analytics), in log order: a scan
   * without ORDER BY follows the heap, where a new row may fill space left on an earlier page.
   */
  const analyticsRows = async (kind: 'event' | 'page_view' | 'error') =>
    (await server.store.db
      .selectFrom('events')
      .select(['type', 'payload'])
      .where('type', '=', `analytics.${kind}`)
      .orderBy('seq')
      .execute()) as EventRow[];

  /** The collector's rows of one kind once `done` holds; failing after a step's time with what did arrive (not the test's silent timeout). */
  async function waitForRows<T>(
    kind: 'event' | 'page_view',
    view: (rows: EventRow[]) => T[],
    done: (seen: T[]) => boolean,
    observed?: readonly string[],
  ): Promise<T[]> {
    const deadline = Date.now() + E2E_STEP_TIMEOUT_MS;
    for (;;) {
      const seen = view(await analyticsRows(kind));
      if (done(seen)) return seen;
      if (Date.now() > deadline) {
        const page = observed ? `; the page's collector calls and console: ${observed.join(' | ') || 'none'}` : '';
        throw new Error(
          `the ${kind} rows expected were not logged within ${E2E_STEP_TIMEOUT_MS} ms; logged: ${JSON.stringify(seen)}${page}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  /** The embed events logged so far (as action/label) once `done` holds. */
  const waitForEmbedEvents = (done: (labels: string[]) => boolean) =>
    waitForRows(
      'event',
      (rows) => rows.filter((r) => r.payload.category === 'Embed').map((r) => `${r.payload.action}/${r.payload.label}`),
      done,
    );

  it('applies hover 150 ms after enter and leave 70 ms after leaving, on the page clock', async () => {
    const { page, errors } = await open(`/embed/${plainGif().id}`, { clock: true });
    expect(await shown(page, '.lb-embed__header')).toBe(false);
    await page.mouse.move(200, 200);
    await page.clock.runFor(HOVER_IN_DELAY_MS - 1);
    expect(await shown(page, '.lb-embed__header')).toBe(false);
    await page.clock.runFor(1);
    await waitShown(page, '.lb-embed__header');
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.lb-embed__dim')!).opacity === '1');
    expect(await shown(page, '.lb-embed__header .lb-embed__pause')).toBe(true);
    expect(await shown(page, '.lb-embed__footer')).toBe(true);
    await leave(page);
    await page.clock.runFor(HOVER_OUT_DELAY_MS - 1);
    expect(await shown(page, '.lb-embed__header')).toBe(true);
    await page.clock.runFor(1);
    await waitShown(page, '.lb-embed__header', false);
    await waitShown(page, '.lb-embed__footer', false);
    await waitForEmbedEvents((l) => l.includes(`Hover/${EMBED_HOVER_LABEL}`));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens the share menu with favorite, three popups, the embed code and the link, and tracks it all', async () => {
    const gif = plainGif();
    const { page, errors } = await open(`/embed/${gif.id}`, { clock: true });
    await hover(page);
    await page.click('.lb-embed__share-toggle');
    await waitShown(page, '.lb-embed__share');
    await waitShown(page, '.lb-embed__footer', false);
    expect(await page.getAttribute('.lb-embed__favorite', 'href')).toBe(`${gif.url}?ref=fave`);
    expect(await page.inputValue('.lb-embed__code')).toBe(codeOf(gif));
    expect(await page.inputValue('.lb-embed__code')).toContain(`<iframe src="${server.baseUrl}/embed/${gif.id}"`);
    expect(await page.inputValue('.lb-embed__link')).toBe(gif.url);
    expect(await page.getAttribute('.lb-embed__code', 'readonly')).not.toBeNull();
    expect(await page.getAttribute('.lb-embed__link', 'readonly')).not.toBeNull();

    const popups: string[] = [];
    for (const target of ['Facebook', 'Twitter', 'Pinterest']) {
      const [popup] = await Promise.all([
        browser.context.waitForEvent('page'),
        page.click(`.lb-embed__social-button[data-target="${target}"]`),
      ]);
      await popup.waitForLoadState();
      popups.push(new URL(popup.url()).host);
      await popup.close();
    }
    expect(popups).toEqual(['www.facebook.com', 'twitter.com', 'pinterest.com']);
    const opened = await page.evaluate(() => (window as unknown as { opened: string[][] }).opened.map(([, , features]) => features));
    expect(opened).toEqual(['width=480,height=480,noopener', 'width=750,height=350,noopener', 'width=480,height=480,noopener']);

    await page.focus('.lb-embed__code');
    await page.keyboard.press('Control+C');
    const [favorite] = await Promise.all([browser.context.waitForEvent('page'), page.click('.lb-embed__favorite')]);
    await favorite.close();
    expect(await page.getAttribute('.lb-embed__favorite', 'class')).toContain('lb-embed__favorite--active');
    await page.click('.lb-embed__share-close');
    await waitShown(page, '.lb-embed__share', false);

    const wanted = [
      'Click/Share',
      'Social Sharing/Facebook',
      'Social Sharing/Twitter',
      'Social Sharing/Pinterest',
      'Copy/Embed Code',
      'Click/Favorite',
    ];
    const labels = await waitForEmbedEvents((l) => wanted.every((w) => l.includes(w)));
    expect(labels).toEqual(expect.arrayContaining(wanted));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('pauses and plays an image (still and play icon) and a video element', async () => {
    const image = sticker();
    const { page, errors } = await open(`/embed/${image.id}`, { clock: true });
    expect(await page.locator('video').count()).toBe(0);
    await hover(page);
    await page.click('.lb-embed__header .lb-embed__pause');
    await page.waitForSelector('.lb-embed__media--still');
    expect(await page.getAttribute('.lb-embed__media', 'src')).toBe(image.images.original_still!.url);
    expect(await page.getAttribute('.lb-embed__header .lb-embed__pause', 'aria-label')).toBe('Play');
    // The footer's pause button is there for stickers (the flag) and drives the same state.
    await page.click('.lb-embed__footer .lb-embed__pause');
    await page.waitForSelector('.lb-embed__media:not(.lb-embed__media--still)');
    expect(await page.getAttribute('.lb-embed__gif img', 'src')).toBe(image.images.original!.url);
    await page.close();

    const clip = plainGif();
    const video = await open(`/embed/${clip.id}`, { clock: true });
    const element = video.page.locator('video.lb-embed__media');
    expect(await element.getAttribute('src')).toBe(clip.images.original!.mp4);
    expect(await element.evaluate((v: HTMLVideoElement) => [v.muted, v.loop, v.autoplay])).toEqual([true, true, true]);
    expect(await video.page.locator('.lb-embed__footer .lb-embed__pause').count()).toBe(0);
    await hover(video.page);
    await video.page.click('.lb-embed__header .lb-embed__pause');
    await video.page.waitForFunction(() => (document.querySelector('video') as HTMLVideoElement).paused);
    await video.page.click('.lb-embed__header .lb-embed__pause');
    await video.page.waitForFunction(() => !(document.querySelector('video') as HTMLVideoElement).paused);
    await waitForEmbedEvents((l) => l.filter((x) => x === 'Click/Pause').length >= 4);
    expect([...errors, ...video.errors]).toEqual([]);
    await video.page.close();
  });

  it('plays the first host in the media overlay; back to GIF shows on paused and ended', async () => {
    const gif = hosted('YouTube');
    // A local stand-in for the host's API script, counting how often it runs.
    const apiRequests: string[] = [];
    await browser.context.route(FIRST_HOST_API_SCRIPT_URL, (route) => {
      apiRequests.push(route.request().url());
      return route.fulfill({ contentType: 'text/javascript', body: 'window.apiScriptRuns = (window.apiScriptRuns || 0) + 1;' });
    });
    const { page, errors } = await open(`/embed/${gif.id}`, { clock: true });
    const apiScripts = () => page.locator(`script[src="${FIRST_HOST_API_SCRIPT_URL}"]`).count();
    await hover(page);
    expect([await apiScripts(), apiRequests.length]).toEqual([0, 0]);
    await page.click('.lb-embed__footer .lb-embed__watch');
    await page.waitForFunction(() => (window as unknown as { apiScriptRuns?: number }).apiScriptRuns === 1);
    expect(await page.getAttribute('iframe.lb-embed__player', 'src')).toBe(playerUrl(gif.external_media!));
    const player = await playerFrame(page);
    await player.waitForFunction(() => (window as unknown as { received: string[] }).received.some((m) => m.includes('listening')));
    expect(await page.locator('.lb-embed__back').count()).toBe(0);
    await player.evaluate(() => (window as unknown as { emit(m: unknown): void }).emit({ event: 'onStateChange', info: 1 }));
    await player.evaluate(() => (window as unknown as { emit(m: unknown): void }).emit({ event: 'onStateChange', info: 2 }));
    expect(await (await page.waitForSelector('.lb-embed__back')).textContent()).toBe('Back to GIF');
    await page.click('.lb-embed__back');
    await page.waitForSelector('.lb-embed__gif');
    expect(await page.locator('iframe').count()).toBe(0);
    // Opening the overlay again reuses the script already on the page.
    await hover(page);
    await page.click('.lb-embed__footer .lb-embed__watch');
    await playerFrame(page);
    expect(await apiScripts()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { apiScriptRuns?: number }).apiScriptRuns)).toBe(1);
    expect(apiRequests).toEqual([FIRST_HOST_API_SCRIPT_URL]);
    await waitForEmbedEvents((l) => l.includes('Click/Play YouTube') && l.includes('Click/Back to GIF'));
    await browser.context.unroute(FIRST_HOST_API_SCRIPT_URL);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('plays the second host in the media overlay; play hides back to GIF, pause and ended show it', async () => {
    const gif = hosted('Vimeo');
    const { page, errors } = await open(`/embed/${gif.id}`, { clock: true });
    await hover(page);
    await page.click('.lb-embed__footer .lb-embed__watch');
    expect(await page.getAttribute('iframe.lb-embed__player', 'src')).toBe(playerUrl(gif.external_media!));
    const player = await playerFrame(page);
    await player.waitForFunction(() => (window as unknown as { received: string[] }).received.length === 3);
    const emit = (event: string) => player.evaluate((e) => (window as unknown as { emit(m: unknown): void }).emit({ event: e }), event);
    await emit('pause');
    await page.waitForSelector('.lb-embed__back');
    await emit('play');
    await page.waitForSelector('.lb-embed__back', { state: 'detached' });
    await emit('ended');
    await page.waitForSelector('.lb-embed__back');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows only the GIF under 250 px wide or 199 px high', async () => {
    for (const viewport of [
      { width: 249, height: 300 },
      { width: 400, height: 198 },
    ]) {
      const { page } = await open(`/embed/${hosted('YouTube').id}`, { clock: true, viewport });
      await hover(page);
      for (const hidden of ['.lb-embed__header', '.lb-embed__footer', '.lb-embed__dim'])
        expect([viewport, hidden, await shown(page, hidden)]).toEqual([viewport, hidden, false]);
      expect(await shown(page, '.lb-embed__gif')).toBe(true);
      await page.close();
    }
    const { page } = await open(`/embed/${hosted('YouTube').id}`, { clock: true, viewport: { width: 250, height: 199 } });
    await hover(page);
    expect(await shown(page, '.lb-embed__header')).toBe(true);
    await page.close();
  });

  it('loads the related grid on first hover: 3 columns, window width − 30, pages of 6 then 12', async () => {
    const gif = await withManyRelated();
    // Room for the grid below the GIF (at least 280 px under a 480 px GIF, less than the grid, so it
    // scrolls): it loads on hover (a 480×400 frame has it behind More).
    const { page, errors } = await open(`/embed/${gif.id}`, { viewport: { width: 480, height: 760 } });
    const requests: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/v1/gifs/related') requests.push(`${url.searchParams.get('offset')}/${url.searchParams.get('limit')}`);
    });
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    expect(await page.locator('.lb-grid').count()).toBe(0);
    await page.mouse.move(100, 100);
    await page.waitForSelector('.lb-embed__related .lb-gif');
    expect(scripts.some((s) => s.includes('RelatedGrid'))).toBe(true);
    expect(requests[0]).toBe(`0/${RELATED_FIRST_PAGE_LIMIT}`);
    const grid = await page.$eval('.lb-embed__related .lb-grid', (el) => ({
      width: el.getBoundingClientRect().width,
      columns: el.querySelectorAll('.lb-grid__column').length,
    }));
    expect(grid).toEqual({ width: 480 - RELATED_GRID_WIDTH_MARGIN_PX, columns: 3 });
    await page.$eval('.lb-embed__footer', (el) => el.scrollTo({ top: el.scrollHeight }));
    await expect.poll(() => requests.length, { timeout: E2E_STEP_TIMEOUT_MS }).toBeGreaterThanOrEqual(2);
    expect(requests.slice(0, 2)).toEqual([`0/${RELATED_FIRST_PAGE_LIMIT}`, `${RELATED_FIRST_PAGE_LIMIT}/${RELATED_PAGE_LIMIT}`]);
    await waitForEmbedEvents((l) => l.includes('SCROLL/GRID'));
    // A resize re-renders the grid at the new window width − 30 (the panel's width − 30 beside the GIF).
    await page.setViewportSize({ width: 600, height: 760 });
    const layout = relatedLayoutOf(
      { width: 600, height: 760 },
      { width: Number(gif.images.original!.width), height: Number(gif.images.original!.height) },
    );
    const wanted = (layout.kind === 'beside' ? layout.roomPx : 600) - RELATED_GRID_WIDTH_MARGIN_PX;
    await page.waitForFunction(
      (width) => document.querySelector('.lb-embed__related .lb-grid')!.getBoundingClientRect().width === width,
      wanted,
    );
    // The grid's SEEN reports reach the log through the page's pipeline (the pingback Web Worker).
    const userId = await page.evaluate(() => sessionStorage.getItem('loopbox_pingback_id'));
    const gridSightings = async () =>
      (await server.store.db.selectFrom('events').select('payload').where('type', '=', 'pingback.seen').execute())
        .map((row) => row.payload as { user_id: string; attributes: { layout_type?: string } })
        .filter((p) => p.user_id === userId && p.attributes.layout_type === 'GRID').length;
    await expect.poll(gridSightings, { timeout: E2E_STEP_TIMEOUT_MS }).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('raises the footer by the grid height + 72 px; scrolling the grid marks it hitting the header and active', async () => {
    const gif = await withManyRelated();
    const { page, errors } = await open(`/embed/${gif.id}`, { clock: true, viewport: { width: 480, height: 1400 } });
    await hover(page);
    // The grid's fetch is debounced on the paused page clock: move the clock until its GIFs are in.
    while (!(await page.$('.lb-embed__related .lb-gif'))) await page.clock.runFor(50);
    // Raised, the footer's bottom meets the embed's and it is as tall as the related grid (with its
    // heading and call-to-action) plus the 72 px bar: 1400 px leave room for all of it below the GIF.
    const geometry = () =>
      page.evaluate((extra) => {
        const footer = document.querySelector('.lb-embed__footer')!.getBoundingClientRect();
        const related = document.querySelector('.lb-embed__related')!.getBoundingClientRect();
        return { height: Math.round(footer.height), bottom: Math.round(footer.bottom), offset: Math.round(related.height + extra) };
      }, FOOTER_OFFSET_EXTRA_PX);
    await expect
      .poll(
        async () => {
          const { height, bottom, offset } = await geometry();
          return height === offset && bottom === 1400;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    expect((await geometry()).offset).toBeGreaterThan(2 * FOOTER_OFFSET_EXTRA_PX);

    // In a 400 px embed the grid opens with More, over the GIF: the footer stops under the header and its grid scrolls.
    await page.setViewportSize({ width: 480, height: 400 });
    await page.waitForSelector('.lb-embed--related-on-demand');
    await page.click('.lb-embed__more');
    while (!(await page.$('.lb-embed__related .lb-gif'))) await page.clock.runFor(50);
    await page.waitForFunction(() => {
      const footer = document.querySelector('.lb-embed__footer')!;
      return Math.round(footer.getBoundingClientRect().bottom) === 400 && footer.scrollHeight - footer.clientHeight > 200;
    });
    const header = '.lb-embed__header';
    const headerBackground = () => page.$eval(header, (el) => getComputedStyle(el).backgroundColor);
    const plainBackground = await headerBackground();
    expect(await page.getAttribute(header, 'class')).not.toContain('lb-embed__header--hitting-grid');
    await page.$eval('.lb-embed__footer', (el) => el.scrollTo({ top: 200 }));
    await page.waitForSelector(`${header}.lb-embed__header--hitting-grid`);
    expect(await headerBackground()).not.toBe(plainBackground);
    await page.$eval('.lb-embed__footer', (el) => el.scrollTo({ top: 0 }));
    await page.waitForSelector(`${header}:not(.lb-embed__header--hitting-grid)`);
    expect(await headerBackground()).toBe(plainBackground);

    // Scrolled into the grid, it is active too (its marker, the footer's button bar, went first): a
    // leave waits the longer delay.
    await page.$eval('.lb-embed__footer', (el) => el.scrollTo({ top: 200 }));
    await page.waitForSelector(`${header}.lb-embed__header--hitting-grid`);
    await leave(page);
    await page.clock.runFor(HOVER_OUT_DELAY_MS);
    expect(await shown(page, header)).toBe(true);
    await page.clock.runFor(HOVER_OUT_DELAY_GRID_ACTIVE_MS - HOVER_OUT_DELAY_MS);
    await waitShown(page, header, false);
    expect(errors).toEqual([]);
    await page.close();
  });

  /** The element a visitor sees at the centre of the GIF's media element (or `across` its width, left of the play button). */
  const atMediaCentre = (page: Page, media: string, across = 0.5) =>
    page.$eval(
      media,
      (el, x) => {
        const box = el.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width * x, box.top + box.height / 2);
        return hit ? `${hit.tagName.toLowerCase()}.${[...hit.classList].join('.')}` : 'nothing';
      },
      across,
    );
  const dimensions = (gif: WireGif) => ({ width: Number(gif.images.original!.width), height: Number(gif.images.original!.height) });

  it("keeps a 480×480 embed's GIF visible on hover; More opens the related grid, its close control and Escape shut it", async () => {
    const frame = { width: 480, height: 480 };
    const gif = gifs.find(
      (g) => !g.is_sticker && !g.external_media && g.images.original?.mp4 && relatedLayoutOf(frame, dimensions(g)).kind === 'onDemand',
    );
    if (!gif) throw new Error('no GIF that fills a 480×480 frame');
    const { page, errors } = await open(`/embed/${gif.id}`, { clock: true, viewport: frame });
    await hover(page);
    // Long enough for a grid loaded on hover to come in and raise the footer over the GIF.
    for (let i = 0; i < 20; i++) await page.clock.runFor(50);
    expect(await atMediaCentre(page, 'video.lb-embed__media')).toBe('video.lb-embed__media');
    expect(await shown(page, '.lb-embed__related')).toBe(false);
    const more = page.getByRole('button', { name: 'More', exact: true });
    const box = (await more.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    expect(await more.getAttribute('aria-expanded')).toBe('false');

    await more.click();
    while (!(await page.$('.lb-embed__related .lb-gif'))) await page.clock.runFor(50);
    await waitShown(page, '.lb-embed__related');
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await waitShown(page, '.lb-embed__related', false);
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('lb-embed__more');
    await more.click();
    await waitShown(page, '.lb-embed__related');
    await page.getByRole('button', { name: 'Close related GIFs' }).click();
    await waitShown(page, '.lb-embed__related', false);
    expect(await atMediaCentre(page, 'video.lb-embed__media')).toBe('video.lb-embed__media');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('with reduced motion shows the still and a play button, from the served HTML on; play starts the video', async () => {
    const clip = plainGif();
    const poster = (clip.images['480w_still'] ?? clip.images.original_still)!.url;
    // Every script blocked: the served HTML and its CSS alone hold the GIF still.
    const bare = await browser.context.newPage();
    await bare.emulateMedia({ reducedMotion: 'reduce' });
    await bare.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await bare.goto(`${server.baseUrl}/embed/${clip.id}`);
    await bare.waitForFunction(() => (document.querySelector('img.lb-embed__still') as HTMLImageElement | null)?.complete);
    expect(await atMediaCentre(bare, 'video.lb-embed__media', 0.25)).toBe('img.lb-embed__still');
    expect(await bare.$eval('img.lb-embed__still', (img) => (img as HTMLImageElement).currentSrc)).toBe(poster);
    expect(await bare.getByRole('button', { name: 'Play GIF' }).isVisible()).toBe(true);
    const image = sticker();
    await bare.goto(`${server.baseUrl}/embed/${image.id}`);
    await bare.waitForFunction(() => (document.querySelector('img.lb-embed__media') as HTMLImageElement | null)?.complete);
    expect(await bare.$eval('img.lb-embed__media', (img) => (img as HTMLImageElement).currentSrc)).toBe(image.images.original_still!.url);
    await bare.close();

    // Hydrated, the video is paused under its still until the visitor presses play.
    const { page, errors } = await open(`/embed/${clip.id}`, { reducedMotion: true, viewport: { width: 480, height: 480 } });
    await page.waitForFunction(() => (document.querySelector('video.lb-embed__media') as HTMLVideoElement).paused);
    expect(await atMediaCentre(page, 'video.lb-embed__media', 0.25)).toBe('img.lb-embed__still');
    await page.getByRole('button', { name: 'Play GIF' }).click();
    await page.waitForFunction(() => !(document.querySelector('video.lb-embed__media') as HTMLVideoElement).paused);
    expect(await atMediaCentre(page, 'video.lb-embed__media')).toBe('video.lb-embed__media');
    expect(await page.getByRole('button', { name: 'Play GIF' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("writes the GIF page's embed code on the scheme and host the site is served on", async () => {
    const gif = plainGif();
    const page = await browser.context.newPage();
    await page.goto(`${server.baseUrl}/gifs/${gif.id}`);
    const code = page.getByLabel('Embed code');
    await expect
      .poll(() => code.inputValue(), { timeout: E2E_STEP_TIMEOUT_MS })
      .toContain(`<iframe src="${server.baseUrl}/embed/${gif.id}"`);
    expect(server.baseUrl.startsWith('http://')).toBe(true);
    await page.close();
  });

  it('serves the media element in the HTML: the first frame shows with every script blocked', async () => {
    const clip = plainGif();
    const image = find((g) => g.is_sticker === 1);
    const served = async (id: string) => (await fetch(`${server.baseUrl}/embed/${id}`)).text();
    const clipHtml = await served(clip.id);
    expect(clipHtml).toContain(`src="${clip.images.original!.mp4!.replace(/&/g, '&amp;')}"`);
    expect(clipHtml).toContain(`poster="${(clip.images['480w_still'] ?? clip.images.original_still)!.url.replace(/&/g, '&amp;')}"`);
    // Attribute names are case-insensitive in HTML: the renderer writes fetchPriority.
    expect(await served(image.id)).toMatch(/<img [^>]*fetchpriority="high"[^>]*class="lb-embed__media"/i);

    const page = await browser.context.newPage();
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto(`${server.baseUrl}/embed/${clip.id}`);
    await page.waitForFunction(() => ((document.querySelector('video.lb-embed__media') as HTMLVideoElement | null)?.readyState ?? 0) >= 2);
    expect(await page.locator('.lb-embed--ready').count()).toBe(0);
    await page.close();
  });

  it('renders a title made of markup as text in the embed', async () => {
    const gif = gifs.find((g) => g.is_sticker === 0 && g.id !== plainGif().id && !g.external_media)!;
    const title = '<script>window.pwned=1</script><img src=x onerror="window.pwned=2">';
    await server.store.db.updateTable('gifs').set({ title, alt_text: '' }).where('id', '=', gif.id).execute();
    const { page, errors } = await open(`/embed/${gif.id}`);
    expect(await page.title()).toBe(title);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    // The body's scripts are the page's own (its loader and its data); the title made none.
    expect(await page.locator('body img[src="x"]').count()).toBe(0);
    const withTitle = await page
      .locator('body script')
      .evaluateAll((scripts) => scripts.filter((s) => s.textContent?.includes('pwned')).map((s) => s.getAttribute('type')));
    expect(withTitle).toEqual(['application/json']);
    const data = JSON.parse((await page.textContent('script[type="application/json"]'))!) as { gif: { title: string } };
    expect(data.gif.title).toBe(title);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('on mobile: a plain image, no header, the footer slides in, Watch opens the overlay with a generic back', async () => {
    const gif = hosted('YouTube');
    const { page, errors } = await open(`/embed/${gif.id}`, { mobile: true });
    expect(await page.locator('video').count()).toBe(0);
    expect(await page.locator('.lb-embed__header').count()).toBe(0);
    expect(await shown(page, '.lb-embed__mobile-footer')).toBe(false);
    await page.click('.lb-embed__logo-button');
    await waitShown(page, '.lb-embed__mobile-footer');
    expect(await page.textContent('.lb-embed__view-on')).toBe('View on Loopbox');
    await page.click('.lb-embed__mobile-footer .lb-embed__watch');
    const player = await playerFrame(page);
    await player.evaluate(() => (window as unknown as { emit(m: unknown): void }).emit({ event: 'onStateChange', info: 0 }));
    expect(await (await page.waitForSelector('.lb-embed__back')).textContent()).toBe('Back');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('pushes the page view to the data layer only with vendor consent', async () => {
    const dataLayer = (page: Page) => page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer);
    const consented = await open(`/embed/${plainGif().id}?vendor_consent=1`);
    expect(await dataLayer(consented.page)).toEqual([{ event: 'page_view', page_type: 'embed', page_path: `/embed/${plainGif().id}` }]);
    await consented.page.close();
    const anonymous = await open(`/embed/${plainGif().id}`);
    expect(await dataLayer(anonymous.page)).toBeUndefined();
    await anonymous.page.close();
  });

  it('sends each visit a page view to the collector', async () => {
    const gif = plainGif();
    const before = (await analyticsRows('page_view')).length;
    const { page, errors } = await open(`/embed/${gif.id}`);
    // What the page did, for the failure message (its view leaves about a second after load).
    const observed: string[] = [];
    page.on('console', (message) => observed.push(`console.${message.type()}: ${message.text()}`));
    page.on('requestfailed', (request) => observed.push(`${request.method()} ${request.url()} failed: ${request.failure()?.errorText}`));
    page.on('requestfinished', (request) => {
      if (!new URL(request.url()).pathname.startsWith('/v2/')) return;
      // The page may be closed before its last answer is read.
      request.response().then(
        (response) => observed.push(`${request.method()} ${request.url()} ${response?.status()}`),
        () => {},
      );
    });
    // Other pages' views (earlier tests' closed pages, adopted as orphans) may arrive meanwhile: wait for this one.
    const views = await waitForRows(
      'page_view',
      (rows) => rows.slice(before).map((r) => r.payload),
      (seen) => seen.some((p) => p.page_path === `/embed/${gif.id}`),
      observed,
    );
    expect(views).toContainEqual(expect.objectContaining({ kind: 'page_view', page_path: `/embed/${gif.id}`, gif_id: gif.id }));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('passes an axe check with the share menu open', async () => {
    const { page } = await open(`/embed/${hosted('Vimeo').id}`);
    await page.mouse.move(100, 100);
    await page.click('.lb-embed__share-toggle');
    await waitShown(page, '.lb-embed__share');
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.close();
  });
});

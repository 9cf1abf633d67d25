/**
 * The embed view (/embed/{id}) and the GIF page (/gifs/{id}) in Debian's Chromium against a real
 * seeded server: hover timings on the browser clock, the share menu and its popups, the embed code,
 * pause/play on an image and a video, the media overlay against local stand-ins for both video
 * hosts' players, hiding at small sizes, related paging, analytics in the event log, a title made
 * of markup, mobile, and an accessibility check.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOVER_IN_DELAY_MS, HOVER_OUT_DELAY_MS } from '../../machines/constants.ts';
import { embedCode } from '../../apps/web/src/embed/embed-code.ts';
import { playerUrl } from '../../apps/web/src/embed/external-video.ts';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const MOBILE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/**
 * A stand-in for a video host's player page: records the messages it gets and exposes
 * `emit(message)`, which posts to the embed the way the real player does.
 */
const PLAYER_STUB = `<!doctype html><title>player</title><body>player<script>
  window.received = [];
  addEventListener('message', (e) => received.push(e.data));
  window.emit = (message) => parent.postMessage(JSON.stringify(message), '*');
</script>`;

type WireGif = { id: string; url: string; embed_url: string; is_sticker: number; title: string; images: Record<string, { url: string; mp4?: string; width: string; height: string }>; external_media?: { provider_name: 'YouTube' | 'Vimeo'; asset_uid: string; start?: number } };
type EventRow = { type: string; payload: { attributes: Record<string, unknown> } };

describe('embed view in Chromium', () => {
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
    const rows = await server.store.db.selectFrom('gifs').select('id').where('is_removed', '=', false).where('is_hidden', '=', false).execute();
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

  async function open(path: string, options: { clock?: boolean; mobile?: boolean; viewport?: { width: number; height: number } } = {}) {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.route(/^https:\/\/(www\.youtube\.com|player\.vimeo\.com)\//, (route) => route.fulfill({ contentType: 'text/html', body: PLAYER_STUB }));
    await page.addInitScript(() => {
      const opened: string[][] = [];
      (window as unknown as { opened: string[][] }).opened = opened;
      const open = window.open.bind(window);
      window.open = (url?: string | URL, target?: string, features?: string) => (opened.push([String(url), String(target), String(features)]), open(url, target, features));
    });
    if (options.mobile) {
      const cdp = await browser.context.newCDPSession(page);
      await cdp.send('Emulation.setUserAgentOverride', { userAgent: MOBILE_UA });
    }
    await page.setViewportSize(options.viewport ?? (options.mobile ? { width: 390, height: 600 } : { width: 480, height: 400 }));
    const start = Date.now();
    if (options.clock) await page.clock.install({ time: start });
    await page.goto(`${server.baseUrl}${path}`);
    await page.waitForSelector('.lb-embed, .lb-gif-page__main');
    // From here the page's timers move only when the test says so.
    if (options.clock) await page.clock.pauseAt(start + 60_000);
    return { page, errors };
  }

  /** Whether an element is rendered and not visibility-hidden (isVisible ignores visibility). */
  const shown = (page: Page, selector: string) =>
    page.$eval(selector, (el) => {
      const style = getComputedStyle(el);
      return style.display !== 'none' && style.visibility === 'visible' && el.getBoundingClientRect().width > 0;
    }).catch(() => false);
  const waitShown = (page: Page, selector: string, wanted = true) =>
    page.waitForFunction(
      ([sel, want]) => {
        const el = document.querySelector(sel as string);
        const style = el && getComputedStyle(el);
        const visible = Boolean(el && style && style.display !== 'none' && style.visibility === 'visible' && el.getBoundingClientRect().width > 0);
        return visible === want;
      },
      [selector, wanted] as const,
    );
  /** The pointer leaves the embed's frame (as it does when it leaves the iframe on a host page). */
  const leave = (page: Page) => page.locator('.lb-embed').dispatchEvent('mouseout', { relatedTarget: null });

  /** Moves the pointer into the embed and past the hover-in delay on the page's clock. */
  async function hover(page: Page) {
    await page.mouse.move(200, 200);
    await page.clock.runFor(HOVER_IN_DELAY_MS);
    await page.waitForSelector('.lb-embed--hovered');
  }

  async function waitForEmbedEvents(done: (labels: string[]) => boolean): Promise<string[]> {
    for (;;) {
      const rows = (await server.store.db.selectFrom('events').select(['type', 'payload']).where('type', '=', 'pingback.click').execute()) as EventRow[];
      const labels = rows.filter((r) => r.payload.attributes.layout_type === 'EMBED').map((r) => `${r.payload.attributes.action}/${r.payload.attributes.label}`);
      if (done(labels)) return labels;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

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
    expect(errors).toEqual([]);
    await page.close();
  });
});

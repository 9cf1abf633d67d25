/**
 * The site's first screens as the server sends them (apps/server/src/web/first-screen): in Debian's
 * Chromium with scripts off (what a crawler or a text browser sees), the home, search, category,
 * GIF, profile and channel pages show their GIFs as images with alt text, links to the GIF pages and the pagination
 * links; a private GIF is never in a listing's HTML; with scripts on, the page takes over from the
 * data written into it (no request for the first screen's data again) without a layout shift, and
 * the home page's served rows and header are drawn where the app draws them.
 */
import { categoryPath, FIRST_DATA_ELEMENT_ID, HOME_SEARCHES_SHOWN, SEARCH_BOX_LABEL, searchPath } from '@loopbox/pages';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, launchBrowser, type TestBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { putInState } from '../content-policy/gif-states.ts';
import { addJourneyGifs, attributedGifs, JOURNEY_TAG, type JourneyGifs } from './site-fixtures.ts';

/** More than a page of 25, so the search has a next page. */
const JOURNEY_COUNT = 30;

describe('server-rendered first screens', { timeout: 3 * E2E_TEST_TIMEOUT_MS }, () => {
  let server: TestServer;
  let noScripts: TestBrowser;
  let scripts: TestBrowser;
  let journey: JourneyGifs;
  let gif: { id: string; slug: string; username: string };
  const channelSlug = 'ssr-test-channel';
  let category: { parent: string; sub: string };

  beforeAll(async () => {
    server = await startTestServer('pglite', { web: true });
    journey = await addJourneyGifs(server, JOURNEY_COUNT);
    gif = (await attributedGifs(server))[0]!;
    const categories = (await server.get('/v1/gifs/categories')).body.data as { name_encoded: string }[];
    const parent = categories[0]!.name_encoded;
    const subs = (await server.get(`/v1/gifs/categories/${parent}`)).body.data as { name_encoded: string }[];
    category = { parent, sub: subs[0]!.name_encoded };
    // A channel whose feed is the journey's GIFs, more than a page of them.
    const { db } = server.store;
    const owner = await db.selectFrom('users').select('id').where('username', '=', journey.username).executeTakeFirstOrThrow();
    const channel = await db
      .insertInto('channels')
      .values({ slug: channelSlug, display_name: 'SSR test channel', user_id: owner.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const journeyIds = await db.selectFrom('gifs').select('id').where('id', 'like', 'Jrny%').orderBy('id').execute();
    await db
      .insertInto('channel_gifs')
      .values(journeyIds.map((g, position) => ({ channel_id: channel.id, gif_id: g.id, position })))
      .execute();
    noScripts = await launchBrowser({ javaScriptEnabled: false });
    scripts = await launchBrowser();
  });
  afterAll(async () => {
    await journey?.remove();
    await noScripts?.close();
    await scripts?.close();
    await server?.close();
  });

  /** What a page without scripts shows: its heading, its GIF images (alt text, loaded) and its links. */
  async function readWithoutScripts(path: string) {
    const page = await noScripts.context.newPage();
    const response = await page.goto(`${server.baseUrl}${path}`);
    const seen = await page.evaluate(() => ({
      heading: document.querySelector('[role=main] h1')?.textContent ?? '',
      images: [...document.querySelectorAll<HTMLImageElement>('[role=main] img')].map((img) => ({
        alt: img.alt,
        src: img.currentSrc || img.src,
        lazy: img.loading === 'lazy',
      })),
      gifLinks: [...document.querySelectorAll<HTMLAnchorElement>('[role=main] a[href^="/gifs/"]')].map((a) => a.getAttribute('href')!),
      links: [...document.querySelectorAll<HTMLAnchorElement>('[role=main] a')].map((a) => a.getAttribute('href')!),
    }));
    const firstLoaded = await page
      .locator('[role=main] img')
      .first()
      .evaluate((img: HTMLImageElement) =>
        img.decode().then(
          () => img.naturalWidth > 0,
          () => false,
        ),
      );
    await page.close();
    return { status: response?.status(), firstLoaded, ...seen };
  }

  it.each([
    ['home', '/'],
    ['search', searchPath(JOURNEY_TAG)],
    ['category', '{category}'],
    ['subcategory', '{subcategory}'],
    ['GIF', '{gif}'],
    ['profile', '{profile}'],
    ['channel', `/${channelSlug}`],
  ])('shows the %s page without scripts: GIF images with alt text and links to their pages', async (_name, template) => {
    const path = template
      .replace('{category}', categoryPath(category.parent))
      .replace('{subcategory}', categoryPath(category.parent, category.sub))
      .replace('{gif}', `/gifs/${gif.slug}`)
      .replace('{profile}', `/${gif.username}`);
    const seen = await readWithoutScripts(path);
    expect(seen.status).toBe(200);
    expect(seen.heading.trim()).not.toBe('');
    expect(seen.images.length).toBeGreaterThan(0);
    expect(seen.images.every((img) => img.alt.trim() !== '' && img.src.includes('/media/'))).toBe(true);
    expect(seen.gifLinks.length).toBeGreaterThan(0);
    expect(seen.firstLoaded).toBe(true);
  });

  it('links a search to its next and previous pages without scripts', async () => {
    const first = await readWithoutScripts(searchPath(JOURNEY_TAG));
    expect(first.links).toContain(searchPath(JOURNEY_TAG, { page: 2 }));
    expect(first.gifLinks.length).toBe(25);
    const second = await readWithoutScripts(searchPath(JOURNEY_TAG, { page: 2 }));
    expect(second.links).toContain(searchPath(JOURNEY_TAG));
    expect(second.links).not.toContain(searchPath(JOURNEY_TAG, { page: 3 }));
    expect(second.gifLinks.length).toBe(JOURNEY_COUNT - 25);
  });

  it('links a channel to the next page of its feed without scripts', async () => {
    const first = await readWithoutScripts(`/${channelSlug}`);
    expect(first.links).toContain(`/channels/${channelSlug}/page/2`);
    const second = await readWithoutScripts(`/channels/${channelSlug}/page/2`);
    expect(second.gifLinks.length).toBe(JOURNEY_COUNT - 25);
    expect(second.links).toContain(`/channels/${channelSlug}`);
  });

  it('never writes a private GIF into a listing it is left out of', async () => {
    const html = async () => (await fetch(`${server.baseUrl}${searchPath(JOURNEY_TAG)}`)).text();
    const hidden = (await server.store.db.selectFrom('gifs').select('id').where('id', 'like', 'Jrny0001%').executeTakeFirstOrThrow()).id;
    expect(await html()).toContain(hidden);
    await putInState(server.store.db, hidden!, 'private');
    try {
      expect((await server.get(`/v1/gifs/search?q=${JOURNEY_TAG}&limit=50`)).body.data.map((g: { id: string }) => g.id)).not.toContain(
        hidden,
      );
      expect(await html()).not.toContain(hidden);
    } finally {
      await putInState(server.store.db, hidden!, 'public');
    }
  });

  /** Opens a page with scripts on; the API requests it made and its layout shifts once it is settled. */
  async function openWithScripts(path: string, viewport = { width: 1440, height: 900 }) {
    const page = await scripts.context.newPage();
    await page.setViewportSize(viewport);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/v1/')) asked.push(request.url());
    });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${server.baseUrl}${path}`);
    await page.locator('.lb-grid .lb-gif').first().waitFor();
    await page.waitForLoadState('networkidle');
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    return { page, asked, shifts };
  }

  const askedFor = (asked: string[], path: string, offset: number) =>
    asked.filter((url) => url.includes(path) && (new URL(url).searchParams.get('offset') ?? '0') === String(offset));

  it('takes over the search page from its written-in data: no second request for it, no layout shift', async () => {
    const { page, asked, shifts } = await openWithScripts(searchPath(JOURNEY_TAG));
    expect(await page.locator(`#${FIRST_DATA_ELEMENT_ID}`).count()).toBe(1);
    expect(askedFor(asked, '/v1/gifs/search', 0)).toEqual([]);
    expect(shifts.reduce((a, b) => a + b, 0)).toBe(0);
    await page.close();
  });

  it('takes over the home page from its written-in data: trending GIFs not asked for again', async () => {
    const { page, asked, shifts } = await openWithScripts('/');
    expect(askedFor(asked, '/v1/gifs/trending', 0)).toEqual([]);
    expect(asked.filter((url) => url.includes('/v1/trending/searches') || url.includes('/v1/gifs/categories'))).toEqual([]);
    expect(shifts.reduce((a, b) => a + b, 0)).toBe(0);
    await page.close();
  });

  it('takes over the GIF page from its written-in data: the GIF and its related GIFs not asked for again', async () => {
    const { page, asked, shifts } = await openWithScripts(`/gifs/${gif.slug}`);
    expect(asked.filter((url) => url.includes(`/v1/gifs/${gif.id}`) || url.includes('/v1/gifs/related'))).toEqual([]);
    expect(shifts.reduce((a, b) => a + b, 0)).toBe(0);
    await page.close();
  });

  it('sends the head at once, the first screen once the API has answered, then its data: three parts of one answer', async () => {
    const response = await server.fetch(new Request(`${server.baseUrl}${searchPath(JOURNEY_TAG)}`));
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const head = decoder.decode((await reader.read()).value);
    // The stylesheet is in the head itself: the browser lays out the page while the server still works.
    expect(head).toMatch(/<style>[^<]*\.lb-site/);
    expect(head).toContain('</head>');
    expect(head).not.toContain('<div id="root">');
    // The screen's markup alone: the browser asks for its media while the server writes out the data.
    const screen = decoder.decode((await reader.read()).value);
    expect(screen).toMatch(/^<link rel="preload" as="image"/);
    expect(screen).toContain('<div id="root">');
    expect(screen.match(/<img [^>]*alt="[^"]+"/g)?.length).toBeGreaterThan(0);
    expect(screen).not.toContain(`id="${FIRST_DATA_ELEMENT_ID}"`);
    let rest = '';
    for (let part = await reader.read(); !part.done; part = await reader.read()) rest += decoder.decode(part.value);
    expect(rest).toMatch(new RegExp(`^<script type="application/json" id="${FIRST_DATA_ELEMENT_ID}">`));
    expect(rest).toContain('</html>');
  });

  it("preloads the GIF page's GIF with the head, before the API has answered, in the sources its picture then asks for", async () => {
    const response = await server.fetch(new Request(`${server.baseUrl}/gifs/${gif.slug}`));
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const head = decoder.decode((await reader.read()).value);
    const preload = head.match(/<link rel="preload" as="image"[^>]*>/)?.[0];
    expect(preload).toContain('fetchpriority="high"');
    expect(head.indexOf(preload!)).toBeLessThan(head.indexOf('</head>'));
    const screen = decoder.decode((await reader.read()).value);
    await reader.cancel();
    // Preloaded once: the screen's part does not ask again.
    expect(screen).not.toContain('rel="preload"');
    const source = screen.match(/<div class="lb-ssr-media"[^>]*><picture><source type="image\/webp" srcset="([^"]+)" sizes="([^"]+)">/);
    expect(source).not.toBeNull();
    expect(preload).toContain(`imagesrcset="${source![1]}"`);
    expect(preload).toContain(`imagesizes="${source![2]}"`);
    expect(source![1]).toContain(`/media/${gif.id}/`);
  });

  it("lets the GIF page's GIF load first: preloaded high, the related GIFs and the app's scripts asked for once it is in", async () => {
    const html = await (await fetch(`${server.baseUrl}/gifs/${gif.slug}`)).text();
    expect(html).toMatch(/<link rel="preload" as="image"[^>]*fetchpriority="high"/);
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const page = await scripts.context.newPage();
    const events: string[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'image' && new URL(request.url()).pathname.startsWith(`/media/${gif.id}/`)) events.push('GIF loaded');
    });
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (request.resourceType() === 'script' && path.startsWith('/assets/')) events.push('script asked');
      if (request.resourceType() === 'image' && path.startsWith('/media/') && !path.startsWith(`/media/${gif.id}/`))
        events.push('related GIF asked');
    });
    await page.goto(`${server.baseUrl}/gifs/${gif.slug}`);
    await page.locator('.lb-ssr').waitFor({ state: 'detached' });
    expect(events[0]).toBe('GIF loaded');
    expect(events).toContain('script asked');
    expect(events).toContain('related GIF asked');
    await page.close();
  });

  /** Each GIF tile's box relative to its grid, by the path it links to: the served grid's or the app's. */
  async function tileBoxes(page: Page, grid: string, tile: string) {
    return page.evaluate(
      ([gridSelector, tileSelector]) => {
        const origin = document.querySelector(gridSelector!)!.getBoundingClientRect();
        return Object.fromEntries(
          [...document.querySelectorAll<HTMLAnchorElement>(tileSelector!)].map((a) => {
            const box = a.getBoundingClientRect();
            return [new URL(a.href).pathname, { x: box.x - origin.x, y: box.y - origin.y, width: box.width, height: box.height }];
          }),
        );
      },
      [grid, tile],
    );
  }

  it.each([375, 700, 1440])(
    'draws the served grid at %i px as the app draws it, whatever the browser says it is (tile sizes and places)',
    async (width) => {
      const viewport = { width, height: 900 };
      const served = await noScripts.context.newPage();
      await served.setViewportSize(viewport);
      await served.goto(`${server.baseUrl}${searchPath(JOURNEY_TAG)}`);
      const servedTiles = await tileBoxes(served, '.lb-ssr-grid', '.lb-ssr-tile');
      await served.close();
      const { page } = await openWithScripts(searchPath(JOURNEY_TAG), viewport);
      const appTiles = await tileBoxes(page, '.lb-grid__columns', '.lb-grid .lb-gif');
      await page.close();
      expect(Object.keys(servedTiles).length).toBe(25);
      expect(servedTiles).toEqual(Object.fromEntries(Object.keys(servedTiles).map((path) => [path, appTiles[path]])));
    },
  );

  it.each([
    ['profile', '{profile}'],
    ['channel', `/${channelSlug}`],
    ['channel page 2', `/channels/${channelSlug}/page/2`],
  ])('takes over the %s page on a phone without a layout shift', async (_name, template) => {
    const { page, shifts } = await openWithScripts(template.replace('{profile}', `/${gif.username}`), { width: 375, height: 812 });
    await page.locator('main h1').first().waitFor();
    expect(await page.locator('.lb-ssr').count()).toBe(0);
    expect(shifts.reduce((a, b) => a + b, 0)).toBe(0);
    await page.close();
  });
  it('shows the home page as the app does without scripts: trending searches, the sticker row, the category cards', async () => {
    const page = await noScripts.context.newPage();
    await page.goto(`${server.baseUrl}/`);
    const trending = (await server.get('/v1/trending/searches')).body.data as string[];
    const categories = (await server.get('/v1/gifs/categories')).body.data as { name: string; name_encoded: string }[];
    expect(await page.locator('.lb-pills a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
      trending.slice(0, HOME_SEARCHES_SHOWN).map((term) => searchPath(term)),
    );
    const stickers = page.getByRole('region', { name: 'Trending stickers' }).locator('a[href^="/gifs/"] img');
    expect(await stickers.count()).toBeGreaterThan(0);
    expect(await stickers.evaluateAll((images) => images.every((img) => (img as HTMLImageElement).alt.trim() !== ''))).toBe(true);
    expect(await page.locator('.lb-category-card').evaluateAll((cards) => cards.map((a) => a.getAttribute('href')))).toEqual(
      categories.map((c) => categoryPath(c.name_encoded)),
    );
    expect(
      await page
        .locator('.lb-category-card img')
        .first()
        .evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth > 0)),
    ).toBe(true);
    await page.close();
  });

  it("searches from the served header's search box without scripts", async () => {
    const page = await noScripts.context.newPage();
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('searchbox', { name: SEARCH_BOX_LABEL }).fill(JOURNEY_TAG);
    await Promise.all([page.waitForURL(`**${searchPath(JOURNEY_TAG)}`), page.getByRole('button', { name: 'Search' }).click()]);
    expect(await page.locator('[role=main] a[href^="/gifs/"] img').count()).toBeGreaterThan(0);
    expect(await page.getByRole('searchbox', { name: SEARCH_BOX_LABEL }).inputValue()).toBe(JOURNEY_TAG);
    await page.close();
  });

  /** The boxes of the home page's first screen in page coordinates, the served screen's or the app's. */
  async function homeBoxes(page: Page, grid: string) {
    return page.evaluate((gridSelector) => {
      const box = (element: Element | null) => {
        const r = element?.getBoundingClientRect();
        return r && { x: r.x, y: r.y + window.scrollY, width: r.width, height: r.height };
      };
      const all = (selector: string) => [...document.querySelectorAll(selector)].map(box);
      return {
        header: box(document.querySelector('.lb-site-header')),
        search: box(document.querySelector('.lb-search')),
        titles: all('.lb-section__title'),
        pills: all('.lb-pills a'),
        stickerRow: box(document.querySelector('.lb-carousel')),
        // By the GIF each shows (its media id): trending stickers may change order between two page loads.
        stickerSizes: Object.fromEntries(
          [...document.querySelectorAll<HTMLImageElement>('.lb-carousel img')].map((img) => {
            const { width, height } = img.getBoundingClientRect();
            return [/\/media\/([^/]+)\//.exec(img.src)?.[1], { width, height }];
          }),
        ),
        cards: all('.lb-category-card img'),
        // Where the grid starts (its length is what the app has loaded so far).
        grid: box(document.querySelector(gridSelector))?.y,
      };
    }, grid);
  }

  it.each([375, 1440])(
    'draws the home page at %i px where the app draws it: header, pills, sticker row (each sticker its size), category cards, grid',
    async (width) => {
      const viewport = { width, height: 900 };
      const servedPage = await noScripts.context.newPage();
      await servedPage.setViewportSize(viewport);
      await servedPage.goto(`${server.baseUrl}/`);
      const servedBoxes = await homeBoxes(servedPage, '.lb-ssr-grid');
      await servedPage.close();
      const { page } = await openWithScripts('/', viewport);
      await page.locator('.lb-carousel img').first().waitFor();
      const appBoxes = await homeBoxes(page, '.lb-grid__columns');
      await page.close();
      expect(servedBoxes.cards.length).toBeGreaterThan(0);
      const { stickerSizes: servedStickers, ...served } = servedBoxes;
      const { stickerSizes: appStickers, ...app } = appBoxes;
      expect(served).toEqual(app);
      // The app's tiles show their image only once near the screen: compare those it shows.
      const shown = Object.keys(servedStickers).filter((id) => id in appStickers);
      expect(shown.length).toBeGreaterThan(1);
      expect(shown.map((id) => servedStickers[id])).toEqual(shown.map((id) => appStickers[id]));
    },
  );
});

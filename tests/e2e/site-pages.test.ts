/**
 * Every page of the site in Debian's Chromium: an axe check (no serious or critical violation) on a
 * 1440 px desktop and a 375 px phone; script payloads in a GIF's title and tags, a user's names and
 * a search term shown as text everywhere, server-rendered head included; the header's search box
 * driven by the keyboard alone.
 */
import AxeBuilder from '@axe-core/playwright';
import { searchPath } from '@loopbox/pages';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_TEST_TIMEOUT_MS, launchBrowser, type TestBrowser, useSession } from '../support/browser.ts';
import { staffSessionCookies } from '../support/accounts.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { attributedGifs } from './site-fixtures.ts';

const PAYLOAD = `<script>window.pwned=1</script><img src=x onerror="window.pwned=2">`;
const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 375, height: 812 },
];

describe('site pages in Chromium', { timeout: 3 * E2E_TEST_TIMEOUT_MS }, () => {
  let server: TestServer;
  let browser: TestBrowser;
  let gif: { id: string; slug: string };
  let hostile: { id: string; slug: string; username: string };
  let author: string;
  let sticker: string;

  beforeAll(async () => {
    server = await startTestServer('pglite', { web: true });
    browser = await launchBrowser();
    const { db } = server.store;
    const authored = await attributedGifs(server);
    gif = authored[0]!;
    sticker = (await server.get('/v1/stickers/trending?limit=1')).body.data[0].slug;
    author = authored[0]!.username;
    // A second GIF and its author carry the payloads; the first stays clean for the axe checks.
    const other = authored.find((g) => g.username !== author)!;
    hostile = other;
    await db
      .updateTable('gifs')
      .set({ title: PAYLOAD, alt_text: '', tags: [PAYLOAD, 'cats'] })
      .where('id', '=', other.id)
      .execute();
    await db
      .updateTable('users')
      .set({ display_name: PAYLOAD, attribution_display_name: PAYLOAD, description: PAYLOAD })
      .where('username', '=', other.username)
      .execute();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(path: string, viewport = VIEWPORTS[0]!) {
    const page = await browser.context.newPage();
    await page.setViewportSize(viewport);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const response = await page.goto(`${server.baseUrl}${path}`);
    await page.locator('main h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    return { page, errors, status: response?.status() };
  }

  const pwned = (page: Page) => page.evaluate(() => (window as unknown as { pwned?: number }).pwned);

  it.each(VIEWPORTS)('has no serious or critical axe violation on any page ($name)', async (viewport) => {
    const paths = [
      '/',
      '/search/cats',
      '/search/cats/stickers',
      '/search/zzqxv',
      '/trending-gifs',
      '/stickers',
      '/categories',
      '/categories/animals',
      '/categories/animals/cats',
      '/explore/cats',
      `/gifs/${gif.slug}`,
      `/${author}`,
      '/404',
      '/403',
      '/maintenance',
      '/no/such/page',
      '/about',
      '/apps',
      '/studios',
      '/search',
      `/stickers/${sticker}`,
    ];
    const found: string[] = [];
    for (const path of paths) {
      const { page, errors } = await open(path, viewport);
      const results = await new AxeBuilder({ page }).analyze();
      for (const v of results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
        found.push(`${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      }
      expect([path, errors]).toEqual([path, []]);
      await page.close();
    }
    expect(found).toEqual([]);
  });

  it('shows script payloads in titles, tags, user names and search terms as text, in the page and in its served head', async () => {
    const visits = [
      { path: `/gifs/${hostile.slug}`, texts: [PAYLOAD, `#${PAYLOAD}`] },
      { path: `/${hostile.username}`, texts: [PAYLOAD] },
      { path: searchPath(PAYLOAD), texts: [`${PAYLOAD} GIFs`] },
      { path: searchPath('100% <b>bold</b>'), texts: ['100% <b>bold</b> GIFs'] },
      { path: `/explore/${encodeURIComponent('<script>x</script>')}`, texts: ['Explore <script>x</script>'] },
    ];
    for (const { path, texts } of visits) {
      const raw = await (await fetch(`${server.baseUrl}${path}`)).text();
      const head = raw.slice(0, raw.indexOf('</head>'));
      expect(head).not.toMatch(/<script>window\.pwned|<img src=x|<script>x<\/script>/);
      // The page config and the site's module; a page with a served first screen has, instead of the module, its data and the script that starts the module.
      const scripts = raw.match(/<script[^>]*>/g) ?? [];
      expect(
        scripts.filter(
          (tag) =>
            !/^<script(?: nonce="[^"]+")?>$|^<script type="module" crossorigin src="\/assets\/[^"]+">$|^<script type="application\/json" id="lb-first-data">$/.test(
              tag,
            ),
        ),
        path,
      ).toEqual([]);
      expect(scripts.length, path).toBeLessThanOrEqual(3);

      const { page, errors, status } = await open(path);
      expect([path, status]).toEqual([path, 200]);
      const shown = await page.locator('main').innerText();
      for (const text of texts) expect(shown, path).toContain(text);
      // Titles cut long terms to the API's 50 characters.
      expect(await page.title()).toContain(texts[0]!.replace(/^Explore |^#| GIFs$/g, '').slice(0, 40));
      expect(await pwned(page)).toBeUndefined();
      expect(await page.locator('main script, main img[src="x"]').count()).toBe(0);
      expect(errors).toEqual([]);
      await page.close();
    }
    // The hostile tag, followed from its GIF page, is a search term shown as text too.
    const { page } = await open(`/gifs/${hostile.slug}`);
    await page.getByRole('link', { name: `#${PAYLOAD}` }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/search/'));
    await expect.poll(() => page.locator('main h1').innerText()).toBe(`${PAYLOAD} GIFs`);
    expect(await pwned(page)).toBeUndefined();
    await page.close();
  });

  it.each(VIEWPORTS)("opens issue 31's pages from the header and footer, without overlap ($name)", async (viewport) => {
    const { page, errors } = await open('/search', viewport);
    // The bare /search puts the cursor in the header's search box and offers what is trending.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    await page.getByRole('list', { name: 'Trending searches' }).getByRole('link').first().waitFor();
    expect(await page.locator('link[rel="icon"][href="/favicon.ico"], link[rel="apple-touch-icon"], link[rel="manifest"]').count()).toBe(3);
    // The header's parts sit in a row, logo to account slot (the menu button last on a phone); none covers another.
    const header = page.locator('.lb-site-header__bar');
    const boxes = await header
      .locator('.lb-site-header__logo, .lb-site-header__nav, .lb-site-header__account, .lb-site-header__menu')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect).filter((box) => box.width > 0));
    expect(boxes).toHaveLength(3);
    for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.left).toBeGreaterThanOrEqual(boxes[i - 1]!.right - 0.5);
    expect(boxes.at(-1)!.right).toBeLessThanOrEqual(viewport.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    const nav = viewport.width < 1080 ? await openMenu(page) : page.getByRole('navigation', { name: 'Browse' });
    for (const name of ['Stories', 'Artists', 'GIF Maker']) expect(await nav.getByRole('link', { name }).count()).toBe(1);
    if (viewport.width < 1080) await page.keyboard.press('Escape');
    // The footer's links wrap: no two overlap.
    const footer = page.getByRole('navigation', { name: 'Footer' });
    const links = await footer
      .getByRole('link')
      .evaluateAll((els) => els.map((el) => ({ text: el.textContent, box: el.getBoundingClientRect().toJSON() as DOMRect })));
    for (const name of [
      'About',
      'Apps and API',
      'Transparency',
      'Studios',
      'Clips',
      'Stories',
      'Artists',
      'GIF Maker',
      'Apply for a verified channel',
    ])
      expect(links.map((l) => l.text)).toContain(name);
    for (const [i, a] of links.entries())
      for (const b of links.slice(i + 1)) {
        const apart =
          a.box.right <= b.box.left + 0.5 ||
          b.box.right <= a.box.left + 0.5 ||
          a.box.bottom <= b.box.top + 0.5 ||
          b.box.bottom <= a.box.top + 0.5;
        expect([a.text, b.text, apart]).toEqual([a.text, b.text, true]);
      }
    // From the footer to the studios: cards of verified users linking their profiles.
    await footer.getByRole('link', { name: 'Studios' }).click();
    await page.waitForURL(`${server.baseUrl}/studios`);
    const card = page.locator('.lb-studio').first();
    await card.waitFor();
    expect(await card.getByRole('img', { name: 'Verified' }).count()).toBe(1);
    await card.getByRole('heading').getByRole('link').click();
    await page.waitForURL((url) => url.pathname !== '/studios');
    await page.locator('main h1').first().waitFor();
    // About and Apps, from the footer, with their links.
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'About' }).click();
    await page.getByRole('heading', { name: 'About Loopbox', level: 1 }).waitFor();
    expect(await page.locator('main a[href="/transparency"]').count()).toBeGreaterThan(0);
    await page.locator('main').getByRole('link', { name: 'apps and the API' }).click();
    await page.getByRole('heading', { name: 'Apps and the API', level: 1 }).waitFor();
    for (const href of ['/docs/api', '/dashboard/developers', '/widgets'])
      expect([href, await page.locator(`main a[href="${href}"]`).count()]).toEqual([href, 1]);
    expect(await page.locator('main pre').allInnerTexts()).toContainEqual(expect.stringContaining(`${server.baseUrl}/embed/{id}"`));
    expect(errors).toEqual([]);
    await page.close();
  });

  /** Opens the phone header's menu from the keyboard and answers its navigation. */
  async function openMenu(page: Page) {
    await page.getByRole('button', { name: 'Menu', exact: true }).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await menu.waitFor();
    return menu;
  }

  /** The header's visible links and buttons that cover one another, are under 44 px or stick out of the viewport. */
  const headerProblems = (page: Page) =>
    page.locator('.lb-site-header__bar').evaluate((bar) => {
      const controls = [...bar.querySelectorAll('a, button')]
        .filter((el) => !el.closest('.lb-menu'))
        .map((el) => ({ name: el.getAttribute('aria-label') ?? el.textContent!.trim(), box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && box.height > 0);
      const problems: string[] = [];
      for (const [i, a] of controls.entries()) {
        if (a.box.width < 44 || a.box.height < 44) problems.push(`${a.name} is ${a.box.width}x${a.box.height}`);
        if (a.box.left < 0 || a.box.right > innerWidth) problems.push(`${a.name} sticks out`);
        for (const b of controls.slice(i + 1)) {
          const apart =
            a.box.right <= b.box.left + 0.5 ||
            b.box.right <= a.box.left + 0.5 ||
            a.box.bottom <= b.box.top + 0.5 ||
            b.box.bottom <= a.box.top + 0.5;
          if (!apart) problems.push(`${a.name} overlaps ${b.name}`);
        }
      }
      return problems;
    });

  it('puts what the phone header leaves out in its menu button, which Escape closes, with no header controls overlapping', async () => {
    const [desktop, phone] = VIEWPORTS as [(typeof VIEWPORTS)[0], (typeof VIEWPORTS)[0]];
    const browse = ['GIFs', 'Stickers', 'Clips', 'Categories', 'Stories', 'Artists', 'GIF Maker'];
    const staff = await staffSessionCookies(server.store.db, server.baseUrl);
    for (const [who, own] of [
      ['visitor', ['Join']],
      ['user', ['Upload', 'Dashboard']],
    ] as const) {
      await useSession(browser.context, server.baseUrl);
      if (who === 'user') await browser.context.addCookies(staff);
      for (const width of [phone.width, 320]) {
        const { page, errors } = await open('/', { ...phone, width });
        const header = page.locator('header.lb-site-header');
        if (who === 'user') await header.getByRole('link', { name: 'Notices', exact: true }).waitFor();
        await header.getByRole(who === 'user' ? 'button' : 'link', { name: who === 'user' ? /^Account menu for/ : 'Log in' }).waitFor();
        expect([who, width, await headerProblems(page)]).toEqual([who, width, []]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        // Nothing of the wide header shows: its links and buttons are the menu's.
        for (const name of [...browse, ...own])
          expect([name, await header.getByRole('link', { name, exact: true }).count()]).toEqual([name, 0]);
        const menu = await openMenu(page);
        expect(await page.getByRole('button', { name: 'Menu', exact: true }).getAttribute('aria-expanded')).toBe('true');
        expect(await menu.getByRole('link').allInnerTexts()).toEqual([...browse, ...own]);
        for (const box of await menu
          .getByRole('link')
          .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect))) {
          expect(box.height).toBeGreaterThanOrEqual(44);
          expect(box.right).toBeLessThanOrEqual(width);
        }
        await page.keyboard.press('Escape');
        expect(await menu.isHidden()).toBe(true);
        expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Menu');
        // Chosen by a tap, a link goes to its page and the menu closes.
        await page.getByRole('button', { name: 'Menu', exact: true }).click();
        await menu.getByRole('link', { name: own.at(-1)! }).click();
        await page.waitForURL((url) => url.pathname !== '/');
        expect(await menu.isHidden()).toBe(true);
        expect(errors).toEqual([]);
        await page.close();
      }
      // On a desktop the same links are in the row and the menu button is gone.
      const { page } = await open('/', desktop);
      await page.locator('[data-slot="account"]:not([data-state="loading"])').waitFor();
      if (who === 'user') await page.locator('header').getByRole('link', { name: 'Notices', exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Menu', exact: true }).isVisible()).toBe(false);
      for (const name of [...browse.filter((n) => n !== 'Clips'), ...own])
        expect([name, await page.locator('header').getByRole('link', { name, exact: true }).isVisible()]).toEqual([name, true]);
      expect([who, await headerProblems(page)]).toEqual([who, []]);
      await page.close();
    }
    await useSession(browser.context, server.baseUrl);
  });

  it.each(VIEWPORTS)("prints each category's name in a strip under its GIF, never over the GIF's own caption ($name)", async (viewport) => {
    const { page, errors } = await open('/categories', viewport);
    await page.locator('.lb-category-card img').first().waitFor();
    const cards = await page.locator('.lb-category-card').evaluateAll((els) =>
      els.map((card) => {
        const picture = card.querySelector('img, .lb-category-card__blank')!.getBoundingClientRect();
        const name = card.querySelector('.lb-category-card__name')!.getBoundingClientRect();
        return {
          name: card.textContent,
          below: name.top >= picture.bottom - 0.5,
          inside: name.bottom <= card.getBoundingClientRect().bottom + 0.5,
        };
      }),
    );
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(card).toEqual({ name: card.name, below: true, inside: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sends the bare /gifs and /explore to the pages they stand for, and opens a sticker at /stickers/{slug}', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.baseUrl}/gifs`);
    expect(new URL(page.url()).pathname).toBe('/trending-gifs');
    await page.getByRole('heading', { name: 'Trending GIFs', level: 1 }).waitFor();
    await page.goto(`${server.baseUrl}/explore`);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto(`${server.baseUrl}/stickers/${sticker}`);
    expect(new URL(page.url()).pathname).toBe(`/stickers/${sticker}`);
    await page.locator('.lb-gif-page__media img, .lb-gif-page__media video').first().waitFor();
    await page.close();
  });

  it('searches from the header with the keyboard alone', async () => {
    const { page } = await open('/');
    await page.keyboard.press('Tab'); // the skip link
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.getByRole('combobox').focus();
    await page.keyboard.type('ca');
    const listbox = page.getByRole('listbox', { name: 'Search suggestions' });
    await listbox.getByRole('option').first().waitFor();
    await page.keyboard.press('ArrowDown');
    const chosen = await page.locator('[role="option"][aria-selected="true"]').innerText();
    expect(await page.getByRole('combobox').getAttribute('aria-activedescendant')).toBeTruthy();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.baseUrl}${searchPath(chosen)}`);
    await expect.poll(() => page.locator('main h1').innerText()).toBe(`${chosen} GIFs`);
    // Empty and focused, the box offers the search just made.
    await page.getByRole('combobox').fill('');
    await page.getByRole('combobox').focus();
    await listbox.getByRole('option', { name: chosen }).waitFor();
    await page.keyboard.press('Escape');
    expect(await listbox.isHidden()).toBe(true);
    await page.close();
  });
});

/**
 * Stories and the scheduler in Debian's Chromium. A creator writes a story in the dashboard editor
 * (two GIFs picked from My GIFs, captions, reordered by drag, a cover, saved as a draft, previewed,
 * published) and opens its page, which reports a page view of the stories page type. Then they
 * schedule two GIFs a minute or two ahead in the scheduler view (and drag a third onto that time); the test moves the server's clock past that
 * minute and the view's activity feed shows them published, while the public API now serves them.
 * The story pages, the editor and the scheduler pass axe at 1440 and 375 px.
 */
import { pageTypeOf, PINGBACK_ID_STORAGE_KEY } from '@loopbox/sdk';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { E2E_STEP_TIMEOUT_MS, launchBrowser, type TestBrowser, useSession } from '../support/browser.ts';
import { layoutAndAxeProblems, SITE_VIEWPORTS } from './site-fixtures.ts';

const MINUTE = 60_000;

describe('stories and the scheduler in the browser', { timeout: 300_000 }, () => {
  let server: AccountsServer;
  let browser: TestBrowser;
  let creator: TestUser;
  let offsetMs = 0;
  let gifs: { id: string; title: string }[];
  let slug = '';

  beforeAll(async () => {
    server = await startAccountsServer('pglite', { web: true, jobs: { intervalMs: 100 }, clock: () => new Date(Date.now() + offsetMs) });
    creator = await server.makeUser('creator');
    await server.store.db.updateTable('users').set({ is_public: true }).where('id', '=', creator.userId).execute();
    const picked = await server.store.db
      .selectFrom('gifs')
      .select(['id', 'title'])
      .where('is_removed', '=', false)
      .where('is_hidden', '=', false)
      .where('type', '=', 'gif')
      .orderBy('id')
      .limit(4)
      .execute();
    gifs = picked.map((g, i) => ({ id: g.id, title: `Journey GIF ${i + 1}` }));
    for (const g of gifs)
      await server.store.db.updateTable('gifs').set({ user_id: creator.userId, title: g.title }).where('id', '=', g.id).execute();
    browser = await launchBrowser();
    await useSession(browser.context, server.baseUrl, creator);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const heading = (page: Page) => page.locator('main h1').first();

  it('a creator writes, previews and publishes a story, and its page shows each GIF with its caption', async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.baseUrl}/dashboard/stories`);
    await expect.poll(() => heading(page).textContent()).toBe('Your stories');
    await page.getByLabel('Title').fill('A journey in GIFs');
    await page.getByLabel('Description').fill('Two GIFs, one story.');
    await page.getByRole('button', { name: `Add ${gifs[0]!.title} to the story` }).click();
    await page.getByRole('button', { name: `Add ${gifs[1]!.title} to the story` }).click();
    await page.getByLabel('Caption for GIF 1').fill('It starts here');
    await page.getByLabel('Caption for GIF 2').fill('And ends there');
    // Drag the second GIF onto the first's place: the order and the captions swap.
    const frames = page.locator('.lb-story-editor__frame');
    await frames.nth(1).dragTo(frames.nth(0));
    await expect.poll(() => page.getByLabel('Caption for GIF 1').inputValue()).toBe('And ends there');
    await frames.nth(1).getByLabel('Cover').check();

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('status').filter({ hasText: 'Draft saved.' }).waitFor();
    const draft = (
      await server.call('GET', `/api/v1/stories?username=${creator.username}&fetch_unpublished=true`, { as: creator, via: 'token' })
    ).body.data[0];
    expect(draft).toMatchObject({ title: 'A journey in GIFs', is_published: false, cover_gif: { id: gifs[0]!.id } });
    expect((await server.call('GET', `/stories/${draft.slug}`)).status).toBe(404);

    await page.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => page.locator('#story-preview ~ ol figcaption').allTextContents()).toEqual(['And ends there', 'It starts here']);
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Published.' }).waitFor();
    await page.getByRole('link', { name: 'View the story' }).click();
    slug = draft.slug as string;
    await page.waitForURL(`${server.baseUrl}/stories/${slug}`);
    await expect.poll(() => heading(page).textContent()).toBe('A journey in GIFs');
    expect(await page.locator('.lb-story-frame figcaption').allTextContents()).toEqual(['And ends there', 'It starts here']);
    expect(await page.title()).toContain('A journey in GIFs');

    const userId = await page.evaluate((key) => sessionStorage.getItem(key), PINGBACK_ID_STORAGE_KEY);
    const viewed = async () =>
      (await server.db.selectFrom('events').select('payload').where('type', '=', 'analytics.page_view').execute())
        .map((r) => r.payload as Record<string, string>)
        .filter((p) => p.user_id === userId && p.page_path === `/stories/${slug}`).length;
    await expect.poll(viewed, { timeout: E2E_STEP_TIMEOUT_MS, interval: 500 }).toBeGreaterThan(0);
    expect(pageTypeOf(`/stories/${slug}`)).toBe('stories');

    // The server's verdict and head for the published story.
    const served = await server.call('GET', `/stories/${slug}`);
    expect(served.status).toBe(200);
    expect(served.text).toContain('<title>A journey in GIFs by @');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a visitor on a phone finds the story among the latest and reads it', async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${server.baseUrl}/stories`);
    await expect.poll(() => heading(page).textContent()).toBe('Stories');
    await page.getByRole('link', { name: /A journey in GIFs/ }).click();
    await page.waitForURL(`${server.baseUrl}/stories/${slug}`);
    await expect.poll(() => page.locator('.lb-story-frame figcaption').allTextContents()).toEqual(['And ends there', 'It starts here']);
    await page.getByText('Embed this GIF').first().click();
    expect(await page.getByLabel('Embed code for GIF 1').inputValue()).toContain('<iframe');
    await page.close();
  });

  it('a creator schedules two GIFs a minute or two ahead and sees them go public when the clock passes it', async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.baseUrl}/dashboard/schedule`);
    await expect.poll(() => heading(page).textContent()).toBe('Scheduled posts');
    const two = gifs.slice(2);
    for (const g of two) await page.getByRole('checkbox', { name: new RegExp(g.title) }).check();
    // The field keeps whole minutes, so two minutes ahead is one to two once its seconds are cut: the
    // steps below have at least a minute before the server's clock reaches it, however slow the machine.
    const at = new Date(Date.now() + offsetMs + 2 * MINUTE);
    const local = new Date(at.getTime() - at.getTimezoneOffset() * MINUTE).toISOString().slice(0, 16);
    await page.getByLabel('Publish at').fill(local);
    // They are public now: the page asks what they do until then before it lets them be scheduled.
    expect(await page.getByRole('button', { name: 'Schedule', exact: true }).isDisabled()).toBe(true);
    await page.getByText('2 of these GIFs are public now.').waitFor();
    await page.getByRole('radio', { name: /Make it private until then/ }).check();
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Scheduled 2 GIFs' }).waitFor();
    await page.locator('.lb-schedule__post').first().waitFor();
    // A third GIF dragged onto that time joins it (a post of its own at the same time), once asked.
    await page.locator('.lb-schedule__library li', { hasText: gifs[0]!.title }).dragTo(page.locator('.lb-schedule__post').first());
    await page
      .getByRole('group', { name: `${gifs[0]!.title} is public now` })
      .getByRole('button', { name: 'Make it private until then' })
      .click();
    await page
      .getByRole('alert')
      .or(page.getByRole('status').filter({ hasText: `Scheduled ${gifs[0]!.title} for` }))
      .first()
      .waitFor();
    expect(await page.getByRole('alert').allTextContents()).toEqual([]);
    await page
      .getByRole('status')
      .filter({ hasText: `Scheduled ${gifs[0]!.title} for` })
      .waitFor();
    await expect.poll(() => page.locator('.lb-schedule__post').count()).toBe(2);
    const three = [...two, gifs[0]!];
    const visibility = async () =>
      (
        await sql<{ v: string }>`SELECT visibility AS v FROM gifs WHERE id = ANY(${three.map((g) => g.id)}::text[])`.execute(
          server.store.db,
        )
      ).rows.map((r) => r.v);
    expect(await visibility()).toEqual(['scheduled', 'scheduled', 'scheduled']);

    offsetMs += 3 * MINUTE;
    await expect
      .poll(() => page.locator('.lb-schedule__activity li', { hasText: 'Published' }).count(), { timeout: E2E_STEP_TIMEOUT_MS })
      .toBe(2);
    expect(await visibility()).toEqual(['public', 'public', 'public']);
    for (const g of three)
      expect((await server.call('GET', `/v1/gifs/${g.id}?api_key=${server.webKey}`, { direct: true })).status).toBe(200);
    await page.getByText('Nothing scheduled.').waitFor();
    await page.close();
  });

  it('says so when the schedule cannot be loaded, rather than showing an empty one', async () => {
    const page = await browser.context.newPage();
    const refusal = { meta: { status: 503, msg: 'The scheduler is restarting', response_id: '' } };
    await page.route('**/activity?*', (route) => route.fulfill({ status: 503, json: refusal }));
    await page.goto(`${server.baseUrl}/dashboard/schedule`);
    await page.getByRole('alert').filter({ hasText: 'The scheduler is restarting' }).waitFor();
    await page.close();
  });

  it.each(SITE_VIEWPORTS)(
    'has no serious or critical axe violation and no sideways scroll on the story pages, the editor and the scheduler ($name)',
    async (viewport) => {
      const found: string[] = [];
      for (const path of ['/stories', `/stories/${slug}`, '/dashboard/stories', '/dashboard/schedule']) {
        const page = await browser.context.newPage();
        await page.setViewportSize(viewport);
        await page.goto(`${server.baseUrl}${path}`);
        await page.locator('main h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        found.push(...(await layoutAndAxeProblems(page, path, viewport.width)));
        await page.close();
      }
      expect(found).toEqual([]);
    },
  );

  it('the editor and the scheduler page through a large library and search it', async () => {
    const more = await server.store.db
      .selectFrom('gifs')
      .select('id')
      .where('is_removed', '=', false)
      .where('is_hidden', '=', false)
      .where(
        'id',
        'not in',
        gifs.map((g) => g.id),
      )
      .orderBy('id')
      .limit(30)
      .execute();
    for (const [i, g] of more.entries())
      await server.store.db
        .updateTable('gifs')
        .set({ user_id: creator.userId, title: i === 17 ? 'Needle in the library' : `Library GIF ${i + 1}` })
        .where('id', '=', g.id)
        .execute();
    const total = gifs.length + more.length;
    for (const [path, list] of [
      ['/dashboard/stories', '.lb-story-editor__library'],
      ['/dashboard/schedule', '.lb-schedule__library'],
    ] as const) {
      const page = await browser.context.newPage();
      await page.goto(`${server.baseUrl}${path}`);
      await page.getByText(`Showing 25 of ${total}`).waitFor();
      await page.getByRole('button', { name: 'Show more' }).click();
      await page.getByText(`Showing ${total} of ${total}`).waitFor();
      expect(await page.locator(`${list} li`).count()).toBe(total);
      expect(await page.getByRole('button', { name: 'Show more' }).count()).toBe(0);
      await page.getByLabel('Search your GIFs').fill('needle');
      await page.getByText('Showing 1 of 1').waitFor();
      expect(await page.locator(`${list} li`).count()).toBe(1);
      expect(
        await page
          .locator(list)
          .getByLabel(/Needle in the library/)
          .count(),
      ).toBe(1);
      await page.getByLabel('Search your GIFs').fill('nothing like this');
      await page.getByText('No GIFs match.').waitFor();
      await page.close();
    }
  });
});

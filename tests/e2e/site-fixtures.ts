import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import type { TestServer } from '../support/server.ts';

/** Visible GIFs whose author is shown (a public user who does not suppress chrome), by id. */
export function attributedGifs(server: Pick<TestServer, 'store'>) {
  return server.store.db
    .selectFrom('gifs as g')
    .innerJoin('users as u', 'u.id', 'g.user_id')
    .select(['g.id', 'g.slug', 'g.rating', 'u.username', 'u.display_name'])
    .where('g.type', '=', 'gif')
    .where('g.is_removed', '=', false)
    .where('g.is_hidden', '=', false)
    .where('u.is_public', '=', true)
    .where('u.suppress_chrome', '=', false)
    .orderBy('g.id')
    .execute();
}

/** The tag (and search term) of the GIFs addJourneyGifs makes. */
export const JOURNEY_TAG = 'journey';

export interface JourneyGifs {
  /** The public user who made them (shown in their attribution). */
  username: string;
  displayName: string;
  remove(): Promise<void>;
}

/**
 * The sample corpus holds fewer GIFs than three pages of 25, so the site's paging needs more: `count`
 * copies of one GIF by a public user (ids `Jrny0001…`, tagged `journey`, titled 'Journey loop n'),
 * trending just after it, each with its media folder linked to the original's so every tile loads.
 */
export async function addJourneyGifs(server: Pick<TestServer, 'store' | 'mediaDir'>, count: number): Promise<JourneyGifs> {
  const { db } = server.store;
  const source = (await attributedGifs(server)).find((g) => g.rating === 'g');
  if (!source) throw new Error('no g-rated GIF by a shown user in the corpus');
  const ids: string[] = [];
  for (let n = 1; n <= count; n++) {
    const id = `Jrny${String(n).padStart(4, '0')}${source.id.slice(0, 8)}`;
    ids.push(id);
    await sql`
      INSERT INTO gifs (id, type, slug, title, alt_text, rating, user_id, tags, images, category, subcategory, trending_datetime, import_datetime)
      SELECT ${id}, type, ${`journey-loop-${id}`}, ${`Journey loop ${n}`}, '', rating, user_id, ${[JOURNEY_TAG, 'loop']}::text[], images,
             category, subcategory, now() - make_interval(days => 400, secs => ${n}), now() - make_interval(secs => ${n})
      FROM gifs WHERE id = ${source.id}`.execute(db);
    const link = path.join(server.mediaDir, id);
    if (!fs.existsSync(link)) fs.symlinkSync(path.join(server.mediaDir, source.id), link, 'dir');
  }
  return {
    username: source.username,
    displayName: source.display_name,
    async remove() {
      await db.deleteFrom('gifs').where('id', 'in', ids).execute();
      for (const id of ids) fs.rmSync(path.join(server.mediaDir, id), { force: true });
    },
  };
}

/** Scrolls to the end of the page until the grid holds more than `tiles` GIFs. */
export async function scrollGridPast(page: Page, tiles: number, timeoutMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const count = await page.locator('.lb-grid .lb-gif').count();
    if (count > tiles) return count;
    if (Date.now() - started > timeoutMs) throw new Error(`the grid stopped at ${count} GIFs`);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(250);
  }
}

/** The widths every page is checked at: a desktop and a phone. */
export const SITE_VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 375, height: 812 },
] as const;

/** What is wrong with the page as shown: sideways scroll, and axe violations rated serious or critical. */
export async function layoutAndAxeProblems(page: Page, label: string, width: number): Promise<string[]> {
  const found: string[] = [];
  const scrollWidth = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  if (scrollWidth > width) found.push(`${label} scrolls sideways: ${scrollWidth} px wide`);
  const results = await new AxeBuilder({ page }).analyze();
  for (const v of results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'))
    found.push(`${label} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  return found;
}

/**
 * Visual comparisons: a page's full-page screenshot against a baseline PNG kept in the repo
 * (tests/e2e/screenshots/{name}.png). Baselines change only on purpose: with UPDATE_SCREENSHOTS=1 a
 * missing or differing baseline is (re)written; without it, a missing baseline fails and says how
 * to make it, and a differing screenshot fails with the actual and diff PNGs under .tmp/screenshots/.
 *
 * Screenshots are made deterministic: reduced motion, animations and the caret off, fonts loaded,
 * and every image, video, canvas, picture and iframe masked (media decode and play at their own
 * pace), as is anything marked `data-volatile` (relative times, counters).
 */
import fs from 'node:fs';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const SCREENSHOTS_DIR = path.resolve(import.meta.dirname, '../e2e/screenshots');
export const SCREENSHOT_FAILURES_DIR = path.resolve(import.meta.dirname, '../../.tmp/screenshots');
/** pixelmatch's per-pixel colour distance (0–1) under which two pixels count as the same. */
export const PIXEL_THRESHOLD = 0.1;
/** The share of pixels that may differ (anti-aliasing, sub-pixel text) before a screenshot fails. */
export const MAX_DIFF_RATIO = 0.005;
/** A long page is compared (and kept) down to this height only, so baselines stay small in git. */
export const MAX_SCREENSHOT_HEIGHT = 2400;
/**
 * What a screenshot covers with a flat box: media, frames, GIF tiles (their media arrives as they
 * scroll in), copyable links (they hold the test server's port) and whatever the app marks as changing.
 */
export const VOLATILE_SELECTOR = 'img, video, canvas, picture, iframe, .lb-gif, .lb-copy__field, [data-volatile]';
/** Further shots taken at most while waiting for two in a row to agree. */
const STABLE_SHOT_TRIES = 4;
export const UPDATE_HINT = 'UPDATE_SCREENSHOTS=1 npx vitest run tests/e2e/visual.test.ts';

export interface Comparison {
  /** Why the images are not the same, or undefined when they match. */
  failure?: string;
  differingPixels: number;
  /** The diff image (differing pixels in red), when both images had the same size. */
  diff?: Buffer;
}

/** Compares two PNGs: a size change fails, and so does more than `maxDiffRatio` of differing pixels. */
export function compareScreenshots(
  expected: Buffer,
  actual: Buffer,
  options: { threshold?: number; maxDiffRatio?: number } = {},
): Comparison {
  const a = PNG.sync.read(expected);
  const b = PNG.sync.read(actual);
  if (a.width !== b.width || a.height !== b.height)
    return {
      failure: `the size changed: baseline ${a.width}×${a.height}, now ${b.width}×${b.height}`,
      differingPixels: Math.max(a.width * a.height, b.width * b.height),
    };
  const diff = new PNG({ width: a.width, height: a.height });
  const differingPixels = pixelmatch(a.data, b.data, diff.data, a.width, a.height, { threshold: options.threshold ?? PIXEL_THRESHOLD });
  const ratio = differingPixels / (a.width * a.height);
  const maxRatio = options.maxDiffRatio ?? MAX_DIFF_RATIO;
  const failure =
    ratio > maxRatio
      ? `${differingPixels} pixels differ (${(ratio * 100).toFixed(2)}%, at most ${(maxRatio * 100).toFixed(2)}% may)`
      : undefined;
  return { failure, differingPixels, diff: PNG.sync.write(diff) };
}

/** Re-encoded at the highest compression: baselines live in git. */
const compact = (png: Buffer) => PNG.sync.write(PNG.sync.read(png), { deflateLevel: 9 });

export interface ScreenshotOptions {
  /** More to mask on this screen (what the app does not mark `data-volatile` yet). */
  mask?: string[];
  /** The viewport only, for a screen whose length depends on data the suite cannot fix. */
  viewportOnly?: boolean;
  /**
   * Taken out of the shot (`display: none`): content whose very presence varies, such as a carousel
   * whose edge tile mounts only once it scrolls into view (a mask follows the tile past the clip).
   */
  hide?: string[];
}

/** The page's height once three reads 250 ms apart agree (rows that arrive late move what is under them), at most 5 s. */
async function settledHeight(page: Page): Promise<number> {
  const read = () => page.evaluate(() => document.documentElement.scrollHeight);
  let last = await read();
  let same = 0;
  for (let tries = 0; tries < 20 && same < 2; tries += 1) {
    await page.waitForTimeout(250);
    const now = await read();
    same = now === last ? same + 1 : 0;
    last = now;
  }
  return last;
}

/** Waits for the page to be still, then takes the screenshot the comparison uses. */
export async function stillScreenshot(page: Page, options: ScreenshotOptions = {}): Promise<Buffer> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // Idle is waited for, not required: a poll or a streaming video can keep the network busy (and is masked).
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  // Scroll through the part kept, so what loads on sight (related GIFs, lazy rows) is in place, then back up.
  const viewportHeight = page.viewportSize()!.height;
  const kept = Math.min(await page.evaluate(() => document.documentElement.scrollHeight), MAX_SCREENSHOT_HEIGHT);
  for (let y = viewportHeight; y < kept + viewportHeight; y += viewportHeight) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(150);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
  // The scroll brought the grids' loaders into reach: a page they started fetching must be in (a
  // profile at 375 px was caught 7 px taller, its loader still shown, on a loaded machine).
  await twiceInARow(() => page.evaluate(NO_GRID_FETCHING));
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const height = await settledHeight(page);
  const width = page.viewportSize()!.width;
  const shoot = () =>
    page.screenshot({
      fullPage: !options.viewportOnly,
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      mask: [page.locator([VOLATILE_SELECTOR, ...(options.mask ?? [])].join(', '))],
      ...(options.hide ? { style: `${options.hide.join(', ')} { display: none !important; }` } : {}),
      ...(height > MAX_SCREENSHOT_HEIGHT && !options.viewportOnly ? { clip: { x: 0, y: 0, width, height: MAX_SCREENSHOT_HEIGHT } } : {}),
    });
  // As Playwright's toHaveScreenshot does: shots until two in a row agree. On a busy machine a full-page
  // capture (which lays the page out again at its full height) was seen catching a layout in passing.
  let shot = await shoot();
  for (let tries = 0; tries < STABLE_SHOT_TRIES; tries += 1) {
    const next = await shoot();
    if (next.equals(shot)) return next;
    shot = next;
  }
  return shot;
}

/** Fails unless the page looks as tests/e2e/screenshots/{name}.png does (see the module comment). */
export async function expectScreenshot(page: Page, name: string, options: ScreenshotOptions = {}): Promise<void> {
  const baselinePath = path.join(SCREENSHOTS_DIR, `${name}.png`);
  const actual = await stillScreenshot(page, options);
  const update = process.env.UPDATE_SCREENSHOTS === '1';
  if (!fs.existsSync(baselinePath)) {
    if (!update)
      throw new Error(`No baseline screenshot ${path.relative(process.cwd(), baselinePath)}: make it on purpose with ${UPDATE_HINT}`);
    fs.mkdirSync(SCREENSHOTS_DIR, { recursive: true });
    fs.writeFileSync(baselinePath, compact(actual));
    return;
  }
  const { failure, diff } = compareScreenshots(fs.readFileSync(baselinePath), actual);
  if (!failure) return;
  if (update) {
    fs.writeFileSync(baselinePath, compact(actual));
    return;
  }
  fs.mkdirSync(SCREENSHOT_FAILURES_DIR, { recursive: true });
  const actualPath = path.join(SCREENSHOT_FAILURES_DIR, `${name}.actual.png`);
  fs.writeFileSync(actualPath, actual);
  const written = [path.relative(process.cwd(), actualPath)];
  if (diff) {
    const diffPath = path.join(SCREENSHOT_FAILURES_DIR, `${name}.diff.png`);
    fs.writeFileSync(diffPath, diff);
    written.push(path.relative(process.cwd(), diffPath));
  }
  throw new Error(
    `Screenshot ${name} differs from its baseline: ${failure}. See ${written.join(' and ')}; if the change is meant, update with ${UPDATE_HINT}`,
  );
}

/**
 * Waits until every infinite grid on the page is still: done, or idle with its loader beyond the
 * preload margin. A short feed's loader stays in reach until a fetch finds nothing more, and its
 * removal changes the page's height (a profile at 375 px measured 7 px taller mid-fetch under CI's
 * load). The loader's observer reports asynchronously, so two checks in a row must agree.
 */
export async function waitForGridsToSettle(page: Page, preloadMarginPx: number): Promise<void> {
  await twiceInARow(() =>
    page.evaluate(`[...document.querySelectorAll('.lb-grid')].every((grid) => {
      if (grid.getAttribute('data-lb-done') === 'true') return true;
      if (grid.getAttribute('data-lb-fetching') === 'true') return false;
      const loader = grid.querySelector('.lb-grid__loader');
      return !loader || loader.getBoundingClientRect().top > innerHeight + ${preloadMarginPx};
    })`),
  );
}

/** No infinite grid on the page is fetching a page. */
const NO_GRID_FETCHING = `![...document.querySelectorAll('.lb-grid')].some((grid) => grid.getAttribute('data-lb-fetching') === 'true')`;

/** Polls until `check` holds at two reads in a row (observers report asynchronously), at most 30 s. */
async function twiceInARow(check: () => Promise<unknown>): Promise<void> {
  let inARow = 0;
  const still = async () => {
    inARow = (await check()) ? inARow + 1 : 0;
    return inARow;
  };
  await expect.poll(still, { timeout: 30_000, interval: 300 }).toBeGreaterThanOrEqual(2);
}

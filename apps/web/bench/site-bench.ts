/**
 * Bench for the site's home page (/):
 * - the JavaScript its first screen needs, against a budget: the site entry and its static imports
 *   (dist/.vite/manifest.json) plus the home page's chunk and its static imports (gzip and minified);
 *   the other pages' chunks, loaded on navigation, beside it;
 * - in Chromium (1440x900, our seeded server), on each bench profile (normal; throttled: 4x CPU,
 *   1.6 Mbps, 150 ms RTT, cache disabled): time to the first GIF painted, to the whole first screen
 *   painted and to the Largest Contentful Paint, against a static page showing the same first screen:
 *   every image the site shows in the first viewport, same file, same place, no script.
 * Run alone: `node --import tsx apps/web/bench/site-bench.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { renderCorpusMedia } from '../../server/src/seed/seed.ts';
import { launchBrowser } from '../../../tests/support/browser.ts';
import { sampleItems, TEST_MEDIA_DIR } from '../../../tests/support/corpus.ts';
import { startTestServer } from '../../../tests/support/server.ts';
import { buildWebIfStale } from '../build-if-stale.ts';
import { budgetVerdict } from '../../../tests/bench/budget.ts';
import { applyProfile, BENCH_PROFILES, builtSizes, compareLoads, kib, serveReferencePage } from './measure.ts';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
/** The home page's first screen may need at most this much JavaScript, gzipped. */
export const HOME_INITIAL_JS_BUDGET_BYTES = 120 * 1024;
const RUNS = 7;
const VIEWPORT = { width: 1440, height: 900 };

type Manifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }>;

/** The JS files a manifest entry loads before it runs: its own and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, files = new Set<string>()): Set<string> {
  const entry = manifest[key];
  if (!entry || files.has(entry.file)) return files;
  files.add(entry.file);
  for (const next of entry.imports ?? []) staticClosure(manifest, next, files);
  return files;
}

/** The images painted in the first viewport: what the static page copies. */
async function firstScreenImages(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('img')]
      .filter((img) => {
        const box = img.getBoundingClientRect();
        return !img.currentSrc.startsWith('data:') && img.complete && img.naturalWidth > 0 && box.bottom > 0 && box.top < innerHeight && box.width > 0;
      })
      .map((img) => {
        const box = img.getBoundingClientRect();
        return { src: img.currentSrc, x: box.x, y: box.y, width: box.width, height: box.height };
      }),
  );
}

/** Times one load: the first image of the first screen painted, `count` of them painted, and the LCP then. */
async function timeLoad(page: Page, url: string, count: number): Promise<{ first: number; screen: number; lcp: number }> {
  await page.goto(url, { waitUntil: 'commit' });
  const painted = (wanted: number) =>
    page.waitForFunction(
      (n) => {
        const done = [...document.querySelectorAll('img')].filter((img) => {
          const box = img.getBoundingClientRect();
          return !img.currentSrc.startsWith('data:') && img.complete && img.naturalWidth > 0 && box.bottom > 0 && box.top < innerHeight;
        });
        return done.length >= n && performance.now();
      },
      wanted,
      { polling: 'raf' },
    );
  const first = (await (await painted(1)).jsonValue()) as number;
  const screen = (await (await painted(count)).jsonValue()) as number;
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        // No entry at all would be a broken page: shown as NaN rather than waited for forever.
        setTimeout(() => resolve(Number.NaN), 2000);
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? 0)).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  return { first, screen, lcp };
}

export async function benchSite(): Promise<string[]> {
  await renderCorpusMedia(TEST_MEDIA_DIR, sampleItems());
  await buildWebIfStale();
  const manifest = JSON.parse(fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
  const shell = staticClosure(manifest, 'site.html');
  const home = staticClosure(manifest, 'src/site/home/HomePage.tsx', new Set(shell));
  const initial = builtSizes(DIST, home);
  const shellSize = builtSizes(DIST, shell);
  const pages = Object.keys(manifest).filter((key) => key.startsWith('src/site/') && !key.endsWith('HomePage.tsx'));
  const onDemand = new Set(pages.flatMap((key) => [...staticClosure(manifest, key)]).filter((file) => !home.has(file)));
  const lazy = builtSizes(DIST, onDemand);
  const lines = [
    'Home page JS (Vite build, minified; gzip):',
    `  first screen (${home.size} files)  ${kib(initial.gzipBytes).padStart(9)} gzip  (${kib(initial.bytes)} min)   ${budgetVerdict(initial.gzipBytes, HOME_INITIAL_JS_BUDGET_BYTES, `<= ${kib(HOME_INITIAL_JS_BUDGET_BYTES)}`)}`,
    `    of which the shell       ${kib(shellSize.gzipBytes).padStart(9)} gzip  (React, router, pipeline, header)`,
    `  other pages, on demand     ${kib(lazy.gzipBytes).padStart(9)} gzip  (${onDemand.size} files)`,
  ];

  const server = await startTestServer('pglite', { web: true });
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    await page.setViewportSize(VIEWPORT);
    await page.goto(`${server.baseUrl}/`);
    await page.locator('.lb-grid .lb-gif--loaded').first().waitFor();
    await page.waitForLoadState('networkidle');
    const images = await firstScreenImages(page);
    const staticHtml =
      '<!doctype html><body style="margin:0;background:#121212">' +
      images.map((i) => `<img src="${i.src}" style="position:absolute;left:${i.x}px;top:${i.y}px;width:${i.width}px;height:${i.height}px;object-fit:cover" alt="">`).join('');
    await page.close();
    const reference = await serveReferencePage(staticHtml);
    for (const profile of BENCH_PROFILES) {
      const timed = await browser.context.newPage();
      await timed.setViewportSize(VIEWPORT);
      await applyProfile(timed, profile);
      const rows = await compareLoads(
        RUNS,
        () => timeLoad(timed, `${server.baseUrl}/`, images.length),
        () => timeLoad(timed, reference.url, images.length),
        [
          { key: 'first', label: 'to first GIF painted' },
          { key: 'screen', label: 'to first screen painted' },
          { key: 'lcp', label: 'Largest Contentful Paint' },
        ],
        { ours: 'home', baseline: 'static page' },
      );
      lines.push(`Home page in Chromium, ${profile.name} profile (${profile.label}; 1440x900, median of ${RUNS}, ${images.length} images on the first screen):`, ...rows);
      await timed.close();
    }
    await reference.close();
  } finally {
    await browser.close();
    await server.close();
  }
  return lines;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const line of await benchSite()) console.log(line);
}

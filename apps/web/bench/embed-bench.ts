/**
 * Bench for the embed page (/embed/{id}):
 * - the JS the page loads before it renders (entry plus modulepreloads of dist/embed.html; Vite's
 *   minified output, gzipped here), and the lazy related-grid chunks beside it;
 * - in Chromium, on our seeded server: time from navigation to the GIF's first frame and to the
 *   embed's ready state, against a static page showing only the same GIF the same way.
 * Run alone: `node --import tsx apps/web/bench/embed-bench.ts`.
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
import { builtSizes, compareLoads, kib } from './measure.ts';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
/** Timed runs per figure (after one warm-up), reported as the median. */
const RUNS = 7;

/** The JS files dist/embed.html loads up front: its module entry and modulepreloads. */
function initialScripts(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
}

/**
 * Navigates and measures, on each animation frame (so to within one frame), when the GIF's first
 * frame is decoded and when the page is ready (the embed's ready state; the static page is ready
 * with its first frame).
 */
async function timeLoad(page: Page, url: string): Promise<{ frame: number; ready: number }> {
  await page.goto(url, { waitUntil: 'commit' });
  const frame = await page.waitForFunction(
    () => {
      const media = document.querySelector<HTMLImageElement | HTMLVideoElement>('.bench-gif, .lb-embed__media');
      const decoded = media instanceof HTMLVideoElement ? media.readyState >= 2 : Boolean(media?.complete && media.naturalWidth);
      return decoded && performance.now();
    },
    undefined,
    { polling: 'raf' },
  );
  const ready = await page.waitForFunction(() => document.querySelector('.lb-embed--ready, .bench-gif') !== null && performance.now(), undefined, { polling: 'raf' });
  const frameMs = (await frame.jsonValue()) as number;
  return { frame: frameMs, ready: Math.max(frameMs, (await ready.jsonValue()) as number) };
}

export async function benchEmbed(): Promise<string[]> {
  await renderCorpusMedia(TEST_MEDIA_DIR, sampleItems());
  await buildWebIfStale();
  const html = fs.readFileSync(path.join(DIST, 'embed.html'), 'utf8');
  const initial = initialScripts(html);
  const lazy = fs.readdirSync(path.join(DIST, 'assets')).filter((f) => /^(RelatedGrid|Grid)-.*\.js$/.test(f)).map((f) => `assets/${f}`);
  const initialSize = builtSizes(DIST, initial);
  const lazySize = builtSizes(DIST, lazy);
  const lines = [
    'Embed page JS (Vite build, minified; gzip):',
    `  initial (${initial.length} files)   ${kib(initialSize.gzipBytes).padStart(9)} gzip  (${kib(initialSize.bytes)} min)`,
    `  related grid, lazy      ${kib(lazySize.gzipBytes).padStart(9)} gzip  (${kib(lazySize.bytes)} min)`,
  ];

  const server = await startTestServer('pglite', { web: true });
  const browser = await launchBrowser();
  try {
    const { body } = await server.get('/v1/gifs/trending?limit=25');
    const gif = (body.data as Array<{ id: string; is_sticker: number; images: { original: { url: string; mp4?: string; webp?: string } } }>).find((g) => !g.is_sticker && g.images.original.mp4)!;
    const staticUrl = `${server.baseUrl}/bench-static-gif`;
    // The same GIF the same way the desktop embed shows it: a muted looping inline video.
    const staticHtml = `<!doctype html><body style="margin:0"><video class="bench-gif" src="${gif.images.original.mp4}" autoplay muted loop playsinline style="width:100vw;height:100vh"></video>`;
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 480, height: 400 });
    await page.route(staticUrl, (route) => route.fulfill({ contentType: 'text/html', body: staticHtml }));
    const rows = await compareLoads(
      RUNS,
      () => timeLoad(page, `${server.baseUrl}/embed/${gif.id}`),
      () => timeLoad(page, staticUrl),
      [
        { key: 'frame', label: 'to first GIF frame' },
        { key: 'ready', label: 'to ready' },
      ],
      { ours: 'embed', baseline: 'static page' },
    );
    lines.push(`Embed page in Chromium (480x400, median of ${RUNS}, warm cache, video GIF):`, ...rows);
  } finally {
    await browser.close();
    await server.close();
  }
  return lines;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const line of await benchEmbed()) console.log(line);
}

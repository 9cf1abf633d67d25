/**
 * Bench for the embed page (/embed/{id}):
 * - the JS the page loads up front (the entry and modulepreloads its inline loader adds, read from the
 *   shipped dist/embed.html; Vite's minified output, gzipped here) against its budget, and each chunk
 *   loaded on first use (share menu, media overlay, related grid) beside it;
 * - in Chromium, on our seeded server, on each bench profile (normal; throttled: 4x CPU, 1.6 Mbps,
 *   150 ms RTT): time from navigation to the GIF's first frame, against a static page with only the
 *   same `<video>`, within a budget ratio; and to the embed's ready state (hydrated).
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
import { BENCH_RUN_ENV } from '../../../tests/support/test-run-env.ts';
import { buildWebIfStale } from '../build-if-stale.ts';
import { budgetVerdict } from '../../../tests/bench/budget.ts';
import { applyProfile, BENCH_PROFILES, builtSizes, compareLoads, kib, serveReferencePage } from './measure.ts';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
/** Timed runs per figure (after one warm-up), reported as the median. */
const RUNS = 7;
/** Issue 22 budgets: the JS loaded up front, gzipped; the first frame against the static page's. */
export const EMBED_INITIAL_JS_BUDGET_BYTES = 48 * 1024;
export const EMBED_FIRST_FRAME_MAX_RATIO = 1.2;
/** The chunks loaded on first use, by the name of their module. */
const ON_FIRST_USE = ['ShareMenu', 'MediaOverlay', 'RelatedGrid'];

type Manifest = Record<string, { file: string; name?: string; imports?: string[] }>;

/** The JS files dist/embed.html loads up front: the entry and modulepreloads named in its inline loader. */
function initialScripts(html: string): string[] {
  return [...new Set([...html.matchAll(/"\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!))];
}

/** A lazy chunk's files not already loaded up front: its own and its static imports. */
function lazyFiles(manifest: Manifest, name: string, initial: Set<string>): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || files.has(entry.file) || initial.has(entry.file)) return;
    files.add(entry.file);
    for (const next of entry.imports ?? []) visit(next);
  };
  for (const [key, entry] of Object.entries(manifest)) if (entry.name === name && key.endsWith('.tsx')) visit(key);
  return [...files];
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
  const ready = await page.waitForFunction(
    () => document.querySelector('.lb-embed--ready, .bench-gif') !== null && performance.now(),
    undefined,
    { polling: 'raf' },
  );
  const frameMs = (await frame.jsonValue()) as number;
  return { frame: frameMs, ready: Math.max(frameMs, (await ready.jsonValue()) as number) };
}

export async function benchEmbed(): Promise<string[]> {
  await renderCorpusMedia(TEST_MEDIA_DIR, sampleItems());
  await buildWebIfStale();
  const html = fs.readFileSync(path.join(DIST, 'embed.html'), 'utf8');
  const manifest = JSON.parse(fs.readFileSync(path.join(DIST, '.vite/light-manifest.json'), 'utf8')) as Manifest;
  const initial = initialScripts(html);
  const initialSize = builtSizes(DIST, initial);
  const lines = [
    'Embed page JS (Vite build on preact/compat, minified; gzip):',
    `  initial (${initial.length} files)       ${kib(initialSize.gzipBytes).padStart(9)} gzip  (${kib(initialSize.bytes)} min)   ${budgetVerdict(initialSize.gzipBytes, EMBED_INITIAL_JS_BUDGET_BYTES, `<= ${kib(EMBED_INITIAL_JS_BUDGET_BYTES)}`)}`,
  ];
  for (const name of ON_FIRST_USE) {
    const size = builtSizes(DIST, lazyFiles(manifest, name, new Set(initial)));
    lines.push(`  ${`${name}, on first use`.padEnd(26)} ${kib(size.gzipBytes).padStart(9)} gzip  (${kib(size.bytes)} min)`);
  }

  const server = await startTestServer('pglite', { web: true, env: BENCH_RUN_ENV });
  const browser = await launchBrowser();
  try {
    const { body } = await server.get('/v1/gifs/trending?limit=25');
    const gif = (
      body.data as Array<{ id: string; is_sticker: number; images: { original: { url: string; mp4?: string; webp?: string } } }>
    ).find((g) => !g.is_sticker && g.images.original.mp4)!;
    // The same GIF the same way the desktop embed shows it: a muted looping inline video.
    const staticHtml = `<!doctype html><body style="margin:0"><video class="bench-gif" src="${gif.images.original.mp4}" autoplay muted loop playsinline style="width:100vw;height:100vh"></video>`;
    const reference = await serveReferencePage(staticHtml);
    for (const profile of BENCH_PROFILES) {
      const page = await browser.context.newPage();
      await page.setViewportSize({ width: 480, height: 400 });
      await applyProfile(page, profile);
      const rows = await compareLoads(
        RUNS,
        () => timeLoad(page, `${server.baseUrl}/embed/${gif.id}`),
        () => timeLoad(page, reference.url),
        [
          { key: 'frame', label: 'to first GIF frame', maxRatio: EMBED_FIRST_FRAME_MAX_RATIO },
          { key: 'ready', label: 'to ready (hydrated)' },
        ],
        { ours: 'embed', baseline: 'static <video>' },
      );
      lines.push(`Embed page in Chromium, ${profile.name} profile (${profile.label}; 480x400, median of ${RUNS}, video GIF):`, ...rows);
      await page.close();
    }
    await reference.close();
  } finally {
    await browser.close();
    await server.close();
  }
  return lines;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const line of await benchEmbed()) console.log(line);
}

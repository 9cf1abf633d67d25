/**
 * `npm run bench` section for the widget library, each figure beside GIPHY's in the same run:
 * - bundle sizes (gzip): each render function's standalone bundle as shipped (build/standalone.ts, on
 *   preact/compat: the entry, the chunks it imports and the stylesheet), against @giphy/js-components'
 *   render function of the same name (esbuild: browser, ESM, minified, tree-shaken), renderGrid within
 *   its budget; and the four React components without React, against @giphy/react-components' four;
 * - in Chromium, on data from our server, on each bench profile (normal; throttled: 4x CPU, 1.6 Mbps,
 *   150 ms RTT): time from mount to the first GIF painted, and to a painted grid of 200 tiles (within
 *   its budget ratio), with the layout shift while they load, for our standalone renderGrid (with its
 *   stylesheet) and @giphy/react-components' Grid on React.
 * The GIPHY packages are devDependencies of the repository root; without them their side says so.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { normalizeGif, type IGif, type WireGif } from '@loopbox/sdk';
import { renderCorpusMedia } from '../../server/src/seed/seed.ts';
import type { Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from '../../../tests/support/browser.ts';
import { sampleItems, TEST_MEDIA_DIR } from '../../../tests/support/corpus.ts';
import { startTestServer, type TestServer } from '../../../tests/support/server.ts';
import { BENCH_RUN_ENV } from '../../../tests/support/test-run-env.ts';
import { budgetVerdict } from '../../../tests/bench/budget.ts';
import { applyProfile, BENCH_PROFILES, median, type BenchProfile } from '../../web/bench/measure.ts';
import { PREACT_COMPAT_ALIASES } from '../build/preact-compat.ts';
import { buildStandaloneWidgets, type RenderFunctionName, type StandaloneBuild } from '../build/standalone.ts';
import { STANDALONE_STYLES } from '../src/standalone/entries.ts';

const WIDGETS_DIR = fileURLToPath(new URL('..', import.meta.url));
const WIDGETS_ENTRY = JSON.stringify(fileURLToPath(new URL('../src/index.ts', import.meta.url)));
const STANDALONE_GRID = JSON.stringify(fileURLToPath(new URL('../src/standalone/render-grid.ts', import.meta.url)));
const GIPHY_JS = '@giphy/js-components';
const GIPHY_REACT = '@giphy/react-components';
const RENDER_FUNCTIONS = ['renderGrid', 'renderCarousel', 'renderGif', 'renderVideo'] as const;
const COMPONENTS = ['Grid', 'Carousel', 'Gif', 'Video'] as const;
const REACT_EXTERNALS = ['react', 'react-dom', 'react/*', 'react-dom/*'];
/** Timed runs per figure (after one warm-up run each), reported as the median. */
const RUNS = 5;
const GRID_TILES = 200;
/** Issue 22 budgets: the standalone renderGrid against GIPHY's; 200 tiles painted against GIPHY's Grid. */
export const RENDER_GRID_MAX_RATIO = 1.0;
export const GRID_TILES_MAX_RATIO = 0.8;
const FIRST_PAGE = 25;
/** How long after the figure layout shifts are still counted: the visible tiles' images load meanwhile. */
const CLS_WINDOW_MS = 1000;

type Built = { ok: true; bytes: number; gzipBytes: number; code: string } | { ok: false; reason: string };

async function bundle(
  source: string,
  options: { external?: string[]; format?: 'esm' | 'iife'; alias?: Record<string, string> } = {},
): Promise<Built> {
  try {
    const result = await build({
      stdin: { contents: source, resolveDir: WIDGETS_DIR, sourcefile: 'entry.ts', loader: 'tsx' },
      bundle: true,
      minify: true,
      treeShaking: true,
      format: options.format ?? 'esm',
      platform: 'browser',
      jsx: 'automatic',
      external: options.external ?? [],
      alias: options.alias,
      define: { 'process.env.NODE_ENV': '"production"' },
      write: false,
      logLevel: 'silent',
    });
    const output = result.outputFiles[0];
    if (!output) return { ok: false, reason: 'no output' };
    return { ok: true, bytes: output.contents.byteLength, gzipBytes: gzipSync(output.contents).byteLength, code: output.text };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    const missing = /Could not resolve "([^"]+)"/.exec(text)?.[1];
    return { ok: false, reason: missing ? `${missing} not installed` : (text.split('\n')[1] ?? text).trim() };
  }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const sizeCell = (b: Built) => (b.ok ? `${kib(b.gzipBytes).padStart(9)} (${kib(b.bytes)} min)` : `n/a: ${b.reason}`);
const ratio = (ours: Built, theirs: Built) => (ours.ok && theirs.ok ? `  ours ${(ours.gzipBytes / theirs.gzipBytes).toFixed(2)}x` : '');

/** The files a page loads for one standalone render function, as shipped: sizes summed over them. */
function shippedSize(standalone: StandaloneBuild, dir: string, name: RenderFunctionName): Extract<Built, { ok: true }> {
  const files = [...standalone.closure(standalone.entries[name]), STANDALONE_STYLES].map((file) => fs.readFileSync(path.join(dir, file)));
  const sum = (count: (file: Buffer) => number) => files.reduce((total, file) => total + count(file), 0);
  return { ok: true, bytes: sum((file) => file.byteLength), gzipBytes: sum((file) => gzipSync(file).byteLength), code: '' };
}

async function sizeLines(): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-standalone-'));
  const lines = [
    `Widget bundles, min+gzip; ours: the standalone bundles as shipped (preact/compat, entry + its chunks + styles.css); GIPHY: esbuild browser ESM, minified, tree-shaken:`,
  ];
  try {
    const standalone = await buildStandaloneWidgets(dir);
    for (const name of RENDER_FUNCTIONS) {
      const ours = shippedSize(standalone, dir, name);
      const theirs = await bundle(`export { ${name} } from '${GIPHY_JS}';`);
      const budget =
        name === 'renderGrid' && theirs.ok
          ? `   ${budgetVerdict(ours.gzipBytes / theirs.gzipBytes, RENDER_GRID_MAX_RATIO, `<= ${RENDER_GRID_MAX_RATIO.toFixed(2)}x`)}`
          : '';
      lines.push(`  ${name.padEnd(16)} ours ${sizeCell(ours).padEnd(26)} ${GIPHY_JS} ${sizeCell(theirs)}${ratio(ours, theirs)}${budget}`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const list = COMPONENTS.join(', ');
  const [ours, theirs] = await Promise.all([
    bundle(`export { ${list} } from ${WIDGETS_ENTRY};`, { external: REACT_EXTERNALS }),
    bundle(`export { ${list} } from '${GIPHY_REACT}';`, { external: REACT_EXTERNALS }),
  ]);
  lines.push(`  ${'components*'.padEnd(16)} ours ${sizeCell(ours).padEnd(26)} ${GIPHY_REACT} ${sizeCell(theirs)}${ratio(ours, theirs)}`);
  lines.push(`  * ${list} without React and React DOM (external); each render function bundle includes them.`);
  return lines;
}

/** GIPHY's page script exposing `benchMount(element, props)`: its React Grid mounted with createRoot. */
const mountScript = (gridImport: string) => `
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
${gridImport}
window.benchMount = (element, props) => {
  const root = createRoot(element);
  root.render(createElement(Grid, props));
};`;

export interface Contender {
  name: string;
  built: Built;
  /** One element per tile. */
  tileSelector: string;
  /** The stylesheet an embedder links beside the script (GIPHY's components inject theirs). */
  styles?: string;
}

/** Every GIF of the seeded corpus through our API (normalised), repeated with fresh ids to `count`. */
async function corpusGifs(server: TestServer, count: number): Promise<IGif[]> {
  const rows = await server.store.db.selectFrom('gifs').select('id').where('type', '=', 'gif').orderBy('id').execute();
  const ids = rows.map((r) => r.id);
  const gifs: IGif[] = [];
  for (let i = 0; i < ids.length; i += 50) {
    const { status, body } = await server.get(`/v1/gifs?ids=${ids.slice(i, i + 50).join(',')}`);
    if (status !== 200) throw new Error(`GET /v1/gifs?ids= answered ${status}`);
    gifs.push(...(body.data as WireGif[]).map(normalizeGif));
  }
  if (gifs.length === 0) throw new Error('the corpus has no GIF');
  return Array.from({ length: count }, (_, n) => ({ ...gifs[n % gifs.length]!, id: `${gifs[n % gifs.length]!.id}-${n}` }));
}

/**
 * In the page: mounts the Grid fed by `pageSize`-sized pages of window.benchData and resolves with the
 * milliseconds until the first real GIF image has loaded and painted ('first'), or until `count`
 * tiles exist and have painted ('tiles'), and the layout shift (CLS sum) from mount until
 * CLS_WINDOW_MS after that, while the tiles' images load.
 */
const MEASURE = `async ({ mode, count, pageSize, tileSelector, clsWindowMs }) => {
  let cls = 0;
  new PerformanceObserver((list) => {
    for (const shift of list.getEntries()) if (!shift.hadRecentInput) cls += shift.value;
  }).observe({ type: 'layout-shift' });
  const element = document.createElement('div');
  document.body.append(element);
  const data = window.benchData.slice(0, count);
  const fetchGifs = async (offset) => {
    const page = data.slice(offset, offset + pageSize);
    return { data: page, pagination: { offset, count: page.length, total_count: data.length }, meta: { status: 200, msg: 'OK', response_id: 'bench' } };
  };
  const painted = (start, resolve) =>
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const ms = performance.now() - start;
        setTimeout(() => resolve({ ms, cls }), clsWindowMs);
      }),
    );
  return new Promise((resolve) => {
    const start = performance.now();
    if (mode === 'first') {
      element.addEventListener('load', (event) => {
        const image = event.target;
        if (image.tagName === 'IMG' && !image.currentSrc.startsWith('data:') && image.closest(tileSelector)) painted(start, resolve);
      }, { capture: true, once: false });
    } else {
      const check = () => (element.querySelectorAll(tileSelector).length >= count ? painted(start, resolve) : requestAnimationFrame(check));
      check();
    }
    window.benchMount(element, { width: 1000, columns: 4, gutter: 6, fetchGifs, pingback: null });
  });
}`;

export interface GridScenario {
  label: string;
  mode: 'first' | 'tiles';
  count: number;
  pageSize: number;
  maxRatio?: number;
}

export const GRID_SCENARIOS: GridScenario[] = [
  { label: `mount to first GIF painted (${FIRST_PAGE}-GIF page)`, mode: 'first', count: FIRST_PAGE, pageSize: FIRST_PAGE },
  {
    label: `mount to ${GRID_TILES} tiles painted (one ${GRID_TILES}-GIF page)`,
    mode: 'tiles',
    count: GRID_TILES,
    pageSize: GRID_TILES,
    maxRatio: GRID_TILES_MAX_RATIO,
  },
];

/**
 * One timed mount in a fresh page on the profile: the contender's script and styles on a blank page
 * of this origin, the data in `window.benchData`. `around` wraps the measurement (a profiler).
 */
export async function mountOnce(
  browser: TestBrowser,
  run: { baseUrl: string; data: IGif[]; contender: Contender; scenario: GridScenario; profile: BenchProfile },
  around: (page: Page, measure: () => Promise<unknown>) => Promise<unknown> = (_, measure) => measure(),
): Promise<{ ms: number; cls: number }> {
  const { contender, scenario } = run;
  if (!contender.built.ok) throw new Error(`${contender.name}: ${contender.built.reason}`);
  const page = await browser.context.newPage();
  try {
    await applyProfile(page, run.profile);
    await page.goto(`${run.baseUrl}/healthz`);
    await page.setContent('<!doctype html><html lang="en"><head><title>bench</title></head><body style="margin:0"></body></html>');
    await page.evaluate((gifs) => ((window as unknown as { benchData: unknown }).benchData = gifs), run.data);
    if (contender.styles) await page.addStyleTag({ content: contender.styles });
    await page.addScriptTag({ content: contender.built.code });
    const args = JSON.stringify({ ...scenario, tileSelector: contender.tileSelector, clsWindowMs: CLS_WINDOW_MS });
    let measured: { ms: number; cls: number } | undefined;
    await around(page, async () => (measured = (await page.evaluate(`(${MEASURE})(${args})`)) as { ms: number; cls: number }));
    return measured!;
  } finally {
    await page.close();
  }
}

/** Our standalone renderGrid (as shipped, on preact/compat) and GIPHY's React Grid, each as one page script. */
export async function gridContenders(): Promise<Contender[]> {
  return [
    {
      name: 'standalone renderGrid',
      // The shipped entry's code on the shipped runtime, in one script so both mount the same way.
      built: await bundle(
        `import { renderGrid } from ${STANDALONE_GRID}; window.benchMount = (element, props) => renderGrid(props, element);`,
        {
          format: 'iife',
          alias: PREACT_COMPAT_ALIASES,
        },
      ),
      tileSelector: '.lb-gif',
      styles: fs.readFileSync(path.join(WIDGETS_DIR, 'src/styles.css'), 'utf8'),
    },
    {
      name: `${GIPHY_REACT} Grid`,
      built: await bundle(mountScript(`import { Grid } from '${GIPHY_REACT}';`), { format: 'iife' }),
      tileSelector: '.giphy-gif',
    },
  ];
}

/** A test server on the seeded corpus and Chromium, with GRID_TILES GIFs from the server's API. */
export async function gridBenchSetup() {
  await renderCorpusMedia(TEST_MEDIA_DIR, sampleItems());
  const server = await startTestServer('pglite', { env: BENCH_RUN_ENV });
  const browser = await launchBrowser();
  const data = await corpusGifs(server, GRID_TILES).catch(async (error: unknown) => {
    await Promise.all([browser.close(), server.close()]);
    throw error;
  });
  return { server, browser, data };
}

async function timingLines(): Promise<string[]> {
  const contenders = await gridContenders();
  const { server, browser, data } = await gridBenchSetup();
  try {
    const scenarios = GRID_SCENARIOS;
    const lines: string[] = [];
    for (const profile of BENCH_PROFILES) {
      lines.push(
        `Widget timings in Chromium, ${profile.name} profile (${profile.label}), median of ${RUNS} runs after a warm-up, data from our server (ours fetches its first page when its loader shows; GIPHY's waits its 250 ms fetch debounce first):`,
      );
      for (const scenario of scenarios) {
        const cells: string[] = [];
        const medians: number[] = [];
        for (const contender of contenders) {
          if (!contender.built.ok) {
            cells.push(`${contender.name} n/a: ${contender.built.reason}`);
            continue;
          }
          const runs: { ms: number; cls: number }[] = [];
          for (let run = 0; run <= RUNS; run += 1) {
            const measured = await mountOnce(browser, { baseUrl: server.baseUrl, data, contender, scenario, profile });
            if (run > 0) runs.push(measured);
          }
          const ms = median(runs.map((r) => r.ms));
          medians.push(ms);
          cells.push(`${contender.name} ${ms.toFixed(0)} ms, CLS ${Math.max(...runs.map((r) => r.cls)).toFixed(3)}`);
        }
        const versus = medians.length === 2 ? `  (ours ${(medians[0]! / medians[1]!).toFixed(2)}x)` : '';
        const budget =
          medians.length === 2 && scenario.maxRatio !== undefined
            ? `   ${budgetVerdict(medians[0]! / medians[1]!, scenario.maxRatio, `<= ${scenario.maxRatio.toFixed(2)}x`)}`
            : '';
        lines.push(`  ${scenario.label}: ${cells.join('  |  ')}${versus}${budget}`);
      }
    }
    lines.push(`  (CLS: the worst run's layout shift from mount until ${CLS_WINDOW_MS} ms after the figure.)`);
    return lines;
  } finally {
    await browser.close();
    await server.close();
  }
}

export async function benchWidgets(): Promise<string[]> {
  return [...(await sizeLines()), ...(await timingLines())];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const line of await benchWidgets()) console.log(line);
}

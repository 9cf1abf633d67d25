/**
 * `npm run bench` section for the widget library, each figure beside GIPHY's in the same run:
 * - bundle sizes (esbuild: browser, ESM, minified, tree-shaken; gzip): each render function with
 *   React inside, against @giphy/js-components' render function of the same name; and the four
 *   React components without React, against @giphy/react-components' four;
 * - in Chromium, on data from our server: time from mount to the first GIF painted, and to a painted
 *   grid of 200 tiles, for our Grid and @giphy/react-components' Grid, mounted the same way.
 * The GIPHY packages are devDependencies of the repository root; without them their side says so.
 */
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { normalizeGif, type IGif, type WireGif } from '@loopbox/sdk';
import { renderCorpusMedia } from '../../server/src/seed/seed.ts';
import { launchBrowser } from '../../../tests/support/browser.ts';
import { sampleItems, TEST_MEDIA_DIR } from '../../../tests/support/corpus.ts';
import { startTestServer, type TestServer } from '../../../tests/support/server.ts';

const WIDGETS_DIR = fileURLToPath(new URL('..', import.meta.url));
const WIDGETS_ENTRY = JSON.stringify(fileURLToPath(new URL('../src/index.ts', import.meta.url)));
const GIPHY_JS = '@giphy/js-components';
const GIPHY_REACT = '@giphy/react-components';
const RENDER_FUNCTIONS = ['renderGrid', 'renderCarousel', 'renderGif', 'renderVideo'] as const;
const COMPONENTS = ['Grid', 'Carousel', 'Gif', 'Video'] as const;
const REACT_EXTERNALS = ['react', 'react-dom', 'react/*', 'react-dom/*'];
/** Timed runs per figure (after one warm-up run each), reported as the median. */
const RUNS = 5;
const GRID_TILES = 200;
const FIRST_PAGE = 25;

type Built = { ok: true; bytes: number; gzipBytes: number; code: string } | { ok: false; reason: string };

async function bundle(source: string, options: { external?: string[]; format?: 'esm' | 'iife' } = {}): Promise<Built> {
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

async function sizeLines(): Promise<string[]> {
  const lines = [`Widget bundles, min+gzip (esbuild, browser ESM, minified, tree-shaken); ours vs GIPHY:`];
  for (const name of RENDER_FUNCTIONS) {
    const [ours, theirs] = await Promise.all([
      bundle(`export { ${name} } from ${WIDGETS_ENTRY};`),
      bundle(`export { ${name} } from '${GIPHY_JS}';`),
    ]);
    lines.push(`  ${name.padEnd(16)} ours ${sizeCell(ours).padEnd(26)} ${GIPHY_JS} ${sizeCell(theirs)}${ratio(ours, theirs)}`);
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

/** A page script exposing `benchMount(element, props)`: the Grid mounted with createRoot, same for both. */
const mountScript = (gridImport: string) => `
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
${gridImport}
window.benchMount = (element, props) => {
  const root = createRoot(element);
  root.render(createElement(Grid, props));
};`;

interface Contender {
  name: string;
  built: Built;
  /** One element per tile. */
  tileSelector: string;
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
 * tiles exist and have painted ('tiles').
 */
const MEASURE = `async ({ mode, count, pageSize, tileSelector }) => {
  const element = document.createElement('div');
  document.body.append(element);
  const data = window.benchData.slice(0, count);
  const fetchGifs = async (offset) => {
    const page = data.slice(offset, offset + pageSize);
    return { data: page, pagination: { offset, count: page.length, total_count: data.length }, meta: { status: 200, msg: 'OK', response_id: 'bench' } };
  };
  const painted = (start, resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - start)));
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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function timingLines(): Promise<string[]> {
  const contenders: Contender[] = [
    { name: '@loopbox/widgets Grid', built: await bundle(mountScript(`import { Grid } from ${WIDGETS_ENTRY};`), { format: 'iife' }), tileSelector: '.lb-gif' },
    { name: `${GIPHY_REACT} Grid`, built: await bundle(mountScript(`import { Grid } from '${GIPHY_REACT}';`), { format: 'iife' }), tileSelector: '.giphy-gif' },
  ];
  await renderCorpusMedia(TEST_MEDIA_DIR, sampleItems());
  const server = await startTestServer('pglite');
  const browser = await launchBrowser();
  try {
    const data = await corpusGifs(server, GRID_TILES);
    const scenarios = [
      { label: `mount to first GIF painted (${FIRST_PAGE}-GIF page)`, mode: 'first', count: FIRST_PAGE, pageSize: FIRST_PAGE },
      { label: `mount to ${GRID_TILES} tiles painted (one ${GRID_TILES}-GIF page)`, mode: 'tiles', count: GRID_TILES, pageSize: GRID_TILES },
    ];
    const lines = [`Widget timings in Chromium, median of ${RUNS} runs after a warm-up, data from our server (both include the 250 ms fetch debounce):`];
    for (const scenario of scenarios) {
      const cells: string[] = [];
      const medians: number[] = [];
      for (const contender of contenders) {
        if (!contender.built.ok) {
          cells.push(`${contender.name} n/a: ${contender.built.reason}`);
          continue;
        }
        const runs: number[] = [];
        for (let run = 0; run <= RUNS; run += 1) {
          const page = await browser.context.newPage();
          await page.goto(`${server.baseUrl}/healthz`);
          await page.setContent('<!doctype html><html lang="en"><head><title>bench</title></head><body style="margin:0"></body></html>');
          await page.evaluate((gifs) => ((window as unknown as { benchData: unknown }).benchData = gifs), data);
          await page.addScriptTag({ content: contender.built.code });
          const ms = (await page.evaluate(`(${MEASURE})(${JSON.stringify({ ...scenario, tileSelector: contender.tileSelector })})`)) as number;
          if (run > 0) runs.push(ms);
          await page.close();
        }
        medians.push(median(runs));
        cells.push(`${contender.name} ${median(runs).toFixed(0)} ms`);
      }
      const versus = medians.length === 2 ? `  (ours ${(medians[0]! / medians[1]!).toFixed(2)}x)` : '';
      lines.push(`  ${scenario.label}: ${cells.join('  |  ')}${versus}`);
    }
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

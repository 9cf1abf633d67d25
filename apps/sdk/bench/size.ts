/**
 * Bundle size of a minimal app using our client versus one using GIPHY's GiphyFetch: both are
 * bundled by esbuild (browser, ESM, minified, tree-shaken) and measured raw and gzipped.
 * The bench runner prints the figures; nothing here times anything.
 */
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

export interface BundleSize {
  name: string;
  bytes: number;
  gzipBytes: number;
}

const SDK_DIR = fileURLToPath(new URL('..', import.meta.url));
const SDK_ENTRY = fileURLToPath(new URL('../src/index.ts', import.meta.url));

/** The same small app for both clients: build one with a key, search, log the result. */
function appUsing(importLine: string, className: string): string {
  return `${importLine}
const client = new ${className}('api-key');
client.search('cats', { limit: 10 }).then((result) => console.log(result.data.length));`;
}

const ENTRIES: ReadonlyArray<{ name: string; source: string }> = [
  {
    name: '@loopbox/sdk',
    source: appUsing(`import { LoopboxFetch } from ${JSON.stringify(SDK_ENTRY)};`, 'LoopboxFetch'),
  },
  {
    name: '@giphy/js-fetch-api',
    source: appUsing(`import { GiphyFetch } from '@giphy/js-fetch-api';`, 'GiphyFetch'),
  },
];

async function bundleSize(name: string, source: string): Promise<BundleSize> {
  const result = await build({
    stdin: { contents: source, resolveDir: SDK_DIR, sourcefile: 'app.ts', loader: 'ts' },
    bundle: true,
    minify: true,
    treeShaking: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error(`esbuild produced no output for ${name}`);
  return { name, bytes: output.contents.byteLength, gzipBytes: gzipSync(output.contents).byteLength };
}

export async function sdkBundleSizes(): Promise<BundleSize[]> {
  return Promise.all(ENTRIES.map(({ name, source }) => bundleSize(name, source)));
}

/**
 * The standalone widget bundles, for pages without React: one ES module per render function
 * (`render-grid.js`, `render-carousel.js`, `render-gif.js`, `render-video.js`) plus `styles.css`,
 * built from the same React source on preact/compat (./preact-compat.ts). Code two entries share is
 * split into `chunks/`, so a page using several loads the runtime once, and a page using one loads
 * only what that one needs. The web build writes them to apps/web/dist/lib/widgets, served at
 * /lib/widgets/; `npm run bench` measures these files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { STANDALONE_ENTRIES, STANDALONE_STYLES, type RenderFunctionName } from '../src/standalone/entries.ts';
import { PREACT_COMPAT_ALIASES } from './preact-compat.ts';

export type { RenderFunctionName };

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

export interface StandaloneBuild {
  /** Output file (relative to the output folder) of each render function's entry. */
  entries: Record<RenderFunctionName, string>;
  /** Every file an output file imports statically, itself included (what a page loads for it). */
  closure(file: string): string[];
}

/** Builds the bundles into `outDir` (emptied first). */
export async function buildStandaloneWidgets(outDir: string): Promise<StandaloneBuild> {
  fs.rmSync(outDir, { recursive: true, force: true });
  const entryPoints = Object.entries(STANDALONE_ENTRIES).map(([name, out]) => ({
    in: path.join(SRC, 'standalone', `${out}.ts`),
    out,
    name,
  }));
  const result = await build({
    entryPoints: [
      ...entryPoints.map(({ in: input, out }) => ({ in: input, out })),
      { in: path.join(SRC, 'styles.css'), out: path.basename(STANDALONE_STYLES, '.css') },
    ],
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    treeShaking: true,
    jsx: 'automatic',
    alias: PREACT_COMPAT_ALIASES,
    define: { 'process.env.NODE_ENV': '"production"' },
    chunkNames: 'chunks/[name]-[hash]',
    metafile: true,
    logLevel: 'warning',
  });
  return describe(result.metafile, outDir, entryPoints);
}

function describe(metafile: Metafile, outDir: string, entryPoints: { in: string; out: string; name: string }[]): StandaloneBuild {
  const outputs = new Map(Object.entries(metafile.outputs).map(([file, output]) => [path.relative(outDir, path.resolve(file)), output]));
  const entries = Object.fromEntries(entryPoints.map(({ name, out }) => [name, `${out}.js`])) as Record<RenderFunctionName, string>;
  const closure = (file: string, seen = new Set<string>()): string[] => {
    if (seen.has(file)) return [...seen];
    seen.add(file);
    for (const next of outputs.get(file)?.imports ?? []) {
      if (next.kind === 'import-statement') closure(path.relative(outDir, path.resolve(next.path)), seen);
    }
    return [...seen];
  };
  return { entries, closure: (file) => closure(file) };
}

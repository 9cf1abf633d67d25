import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rollup } from 'vite';
import type { ShellManifest } from '../../workers/src/sw/shell.ts';

export interface ServiceWorkerPluginOptions {
  /** Pages precached at install, e.g. ['/widgets']. */
  pages: string[];
  /** The script's name at the root of the output, served as /sw.js. */
  fileName?: string;
  /**
   * Entries (by name) whose own chunks are not precached: the site's pages load on demand and are
   * not what an embed needs offline. Chunks they share with other entries stay.
   */
  skipEntries?: string[];
}

const ENTRY = fileURLToPath(new URL('../../workers/src/sw/service-worker.ts', import.meta.url));
const PRECACHED = /\.(js|css|svg|png|gif|webp|woff2?)$/;

/** Every file the given entries load, eagerly or on demand: their chunks, and the CSS those import. */
function filesOf(bundle: Rollup.OutputBundle, entries: (chunk: Rollup.OutputChunk) => boolean): Set<string> {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (files.has(fileName) || chunk?.type !== 'chunk') return;
    files.add(fileName);
    for (const css of (chunk as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? []) files.add(css);
    for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
  };
  for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry && entries(chunk)) visit(chunk.fileName);
  return files;
}

/**
 * Builds the service worker with a second Vite build once the app's bundle is written, handing it
 * the list of the app's hashed assets to precache. The list's hash names the shell cache, so every
 * new build replaces it.
 */
export function serviceWorkerPlugin({ pages, fileName = 'sw.js', skipEntries = [] }: ServiceWorkerPluginOptions): Plugin {
  let outDir = '';
  let assets: string[] = [];
  return {
    name: 'loopbox-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    generateBundle(_options, bundle) {
      const skipped = filesOf(bundle, (chunk) => skipEntries.includes(chunk.name));
      const kept = filesOf(bundle, (chunk) => !skipEntries.includes(chunk.name));
      assets = Object.keys(bundle)
        .filter((file) => PRECACHED.test(file) && file !== fileName && (kept.has(file) || !skipped.has(file)))
        .map((file) => `/${file}`)
        .sort();
    },
    async closeBundle() {
      const version = createHash('sha256').update(JSON.stringify([assets, pages])).digest('hex').slice(0, 16);
      const manifest: ShellManifest = { version, assets, pages };
      await build({
        configFile: false,
        logLevel: 'warn',
        define: { __LOOPBOX_SHELL__: JSON.stringify(manifest) },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          minify: true,
          lib: { entry: ENTRY, formats: ['iife'], name: 'loopboxServiceWorker', fileName: () => fileName },
        },
      });
    },
  };
}

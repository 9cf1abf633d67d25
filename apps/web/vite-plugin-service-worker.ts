import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import type { ShellManifest } from '../../workers/src/sw/shell-manifest.ts';

export interface ServiceWorkerPluginOptions {
  /** Pages precached at install, e.g. ['/widgets']. */
  pages: string[];
  /** The script's name at the root of the output, served as /sw.js. */
  fileName?: string;
  /** Files written outside this build that the pages load too (the standalone widget bundles), read at its end. */
  extraAssets?: () => string[];
}

const ENTRY = fileURLToPath(new URL('../../workers/src/sw/service-worker.ts', import.meta.url));
const PRECACHED = /\.(js|css|svg|png|gif|webp|woff2?)$/;

/**
 * Builds the service worker with a second Vite build once the light pages' bundle is written, handing
 * it the list of their hashed assets to precache (the site's build is separate, so its pages, which
 * load on demand and are not what an embed needs offline, are never in it). The list's hash names the
 * shell cache, so every new build replaces it.
 */
export function serviceWorkerPlugin({ pages, fileName = 'sw.js', extraAssets = () => [] }: ServiceWorkerPluginOptions): Plugin {
  let outDir = '';
  let assets: string[] = [];
  return {
    name: 'loopbox-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    // The bundle as written: during generateBundle it still holds the empty JS chunks Vite drops
    // for CSS shared between pages (e.g. the design system's styles), which would 404 at install.
    writeBundle(_options, bundle) {
      assets = Object.keys(bundle)
        .filter((file) => PRECACHED.test(file) && file !== fileName)
        .map((file) => `/${file}`);
    },
    async closeBundle() {
      assets = [...assets, ...extraAssets()].sort();
      const version = createHash('sha256')
        .update(JSON.stringify([assets, pages]))
        .digest('hex')
        .slice(0, 16);
      const manifest: ShellManifest = { version, assets, pages };
      await build({
        configFile: false,
        logLevel: 'warn',
        // workbox's modules log in development builds only, asking process.env.NODE_ENV, which a worker has no `process` to answer.
        define: { __LOOPBOX_SHELL__: JSON.stringify(manifest), 'process.env.NODE_ENV': JSON.stringify('production') },
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

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EMBED_RENDERER_FILE } from '@loopbox/pages';
import react from '@vitejs/plugin-react';
import { defineConfig, type InlineConfig, type Plugin } from 'vite';
import { PREACT_COMPAT_ALIASES } from '../widgets/build/preact-compat.ts';
import { BUILD_STAMP } from './build-stamp.ts';
import { deferEntryUntilMedia } from './vite-plugin-defer-entry.ts';
import { inlineEntryCss } from './vite-plugin-inline-css.ts';
import { serviceWorkerPlugin } from './vite-plugin-service-worker.ts';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export const DIST_DIR = here('dist');
/** The embed's scripts start with its first frame, at the first interaction, or after this long. */
const EMBED_SCRIPT_MAX_WAIT_MS = 3000;
/** The standalone widget bundles, served at /lib/widgets/ (apps/widgets/build/standalone.ts). */
export const WIDGETS_LIB_DIR = here('dist/lib/widgets');

/** Stamps dist after the last build, so build-if-stale.ts knows when it was built. */
export const buildStamp: Plugin = {
  name: 'loopbox-build-stamp',
  apply: 'build',
  closeBundle() {
    fs.writeFileSync(BUILD_STAMP, new Date().toISOString());
  },
};

// A build is always a production build, even when started from a test run (NODE_ENV=test): Vite
// and the React plugin read NODE_ENV, and a development JSX transform breaks on production React.
const production = () => {
  process.env.NODE_ENV = 'production';
  return { 'process.env.NODE_ENV': JSON.stringify('production') };
};

/**
 * The site and the pages that need React itself (the site's app, its dashboard included): a
 * multi-page build into apps/web/dist. Each page keeps `<!--loopbox-config-->` in its head: the
 * server puts `window.LOOPBOX_CONFIG` there when it serves the page.
 */
export function siteConfig(): InlineConfig {
  return {
    root: here('.'),
    base: '/',
    configFile: false,
    // The site's stylesheet in its page: a linked one held the served first screen's paint for its own request.
    plugins: [react(), inlineEntryCss(['site.html'])],
    define: production(),
    logLevel: 'warn',
    build: {
      outDir: DIST_DIR,
      emptyOutDir: true,
      // dist/.vite/manifest.json: which chunks each entry and page loads (apps/web/bench reads it).
      manifest: true,
      rollupOptions: { input: { site: here('site.html') } },
    },
  };
}

/**
 * The light entries third-party pages and slow phones load: the embed, the widget demo and the
 * pipeline lab. Same React source, shipped on preact/compat (docs/decisions.md, "Light entries"),
 * written beside the site's build; this build also writes the service worker that precaches them.
 */
export function lightConfig(extraPrecache: () => string[]): InlineConfig {
  return {
    root: here('.'),
    base: '/',
    configFile: false,
    plugins: [
      react(),
      inlineEntryCss(['embed.html']),
      deferEntryUntilMedia({ pages: ['embed.html'], mediaSelector: '.lb-embed__media', maxWaitMs: EMBED_SCRIPT_MAX_WAIT_MS }),
      serviceWorkerPlugin({ pages: ['/widgets', '/labs/pipeline'], extraAssets: extraPrecache }),
    ],
    resolve: { alias: PREACT_COMPAT_ALIASES },
    define: production(),
    logLevel: 'warn',
    build: {
      outDir: DIST_DIR,
      emptyOutDir: false,
      manifest: '.vite/light-manifest.json',
      rollupOptions: {
        input: { embed: here('embed.html'), widgets: here('widgets.html'), pipeline: here('pipeline.html') },
      },
    },
  };
}

/**
 * The embed's server renderer: the same view rendered to HTML on preact (hydrated by the light build),
 * imported by the server (apps/server/src/web/embed-page.ts); its dot folder is never served.
 */
export function embedRendererConfig(): InlineConfig {
  return {
    root: here('.'),
    configFile: false,
    plugins: [react(), buildStamp],
    resolve: { alias: PREACT_COMPAT_ALIASES },
    define: production(),
    logLevel: 'warn',
    ssr: { noExternal: true },
    build: {
      outDir: path.dirname(path.join(DIST_DIR, EMBED_RENDERER_FILE)),
      emptyOutDir: true,
      copyPublicDir: false,
      ssr: here('src/embed/render-html.tsx'),
      rollupOptions: { output: { entryFileNames: path.basename(EMBED_RENDERER_FILE) } },
    },
  };
}

/** `vite` (the dev server) serves every page, all on React; `npm run build` runs build.ts. */
export default defineConfig({ root: here('.'), base: '/', plugins: [react()], logLevel: 'warn' });

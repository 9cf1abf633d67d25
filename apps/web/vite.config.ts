import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { BUILD_STAMP } from './build-stamp.ts';
import { serviceWorkerPlugin } from './vite-plugin-service-worker.ts';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** Stamps dist after a build, so build-if-stale.ts knows when it was built. */
const buildStamp: Plugin = {
  name: 'loopbox-build-stamp',
  apply: 'build',
  closeBundle() {
    fs.writeFileSync(BUILD_STAMP, new Date().toISOString());
  },
};

/**
 * The web app as a multi-page build into apps/web/dist. Each page keeps `<!--loopbox-config-->`
 * in its head: the server puts `window.LOOPBOX_CONFIG` there when it serves the page.
 */
export default defineConfig(({ command }) => {
  // A build is always a production build, even when started from a test run (NODE_ENV=test): Vite
  // and the React plugin read NODE_ENV, and a development JSX transform breaks on production React.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    root: here('.'),
    base: '/',
    plugins: [react(), serviceWorkerPlugin({ pages: ['/widgets', '/labs/pipeline'], skipEntries: ['site'] }), buildStamp],
    define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
    logLevel: 'warn',
    build: {
      outDir: here('dist'),
      emptyOutDir: true,
      // dist/.vite/manifest.json: which chunks each entry and page loads (apps/web/bench reads it).
      manifest: true,
      rollupOptions: {
        output: {
          codeSplitting: {
            // The embed shares these small modules with the site; one chunk for them keeps the embed's
            // first load as few files (and bytes) as before the site existed.
            groups: [{ name: 'embed-shared', test: /apps\/pages\/src\/(constants|gif-id|embed-code|escape)\.ts|src\/embed\/(analytics|share-links|constants)\.ts/ }],
          },
        },
        input: {
          widgets: here('widgets.html'),
          embed: here('embed.html'),
          site: here('site.html'),
          pipeline: here('pipeline.html'),
        },
      },
    },
  };
});

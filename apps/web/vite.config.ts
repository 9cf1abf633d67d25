import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * The web app as a multi-page build into apps/web/dist. Each page keeps `<!--loopbox-config-->`
 * in its head: the server puts `window.LOOPBOX_CONFIG` there when it serves the page.
 */
export default defineConfig(({ command }) => ({
  root: here('.'),
  base: '/',
  plugins: [react()],
  // A build is always a production build, even when started from a test run (NODE_ENV=test).
  define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  logLevel: 'warn',
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    rollupOptions: {
      input: {
        widgets: here('widgets.html'),
      },
    },
  },
}));

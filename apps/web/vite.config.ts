import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * The web app as a multi-page build into apps/web/dist. Each page keeps `<!--loopbox-config-->`
 * in its head: the server puts `window.LOOPBOX_CONFIG` there when it serves the page.
 */
export default defineConfig({
  root: here('.'),
  base: '/',
  plugins: [react()],
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
});

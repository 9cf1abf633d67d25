/**
 * `npm run build`: the web app into apps/web/dist, in four steps, because the site and the light
 * entries are built against different runtimes from the same React source:
 * 1. the site (React): site.html, analytics.html;
 * 2. the standalone widget bundles (preact/compat): dist/lib/widgets (apps/widgets/build/standalone.ts);
 * 3. the light entries (preact/compat): embed.html, widgets.html, pipeline.html, and the service worker
 *    precaching them and the widget bundles;
 * 4. the embed's server renderer (preact): dist/.ssr/embed-render.js, then the build stamp.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { buildStandaloneWidgets } from '../widgets/build/standalone.ts';
import { DIST_DIR, embedRendererConfig, lightConfig, siteConfig, WIDGETS_LIB_DIR } from './vite.config.ts';

/** Every file under `dir`, as a root-relative URL path of dist. */
const servedFiles = (dir: string): string[] =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${path.relative(DIST_DIR, path.join(entry.parentPath, entry.name))}`);

export async function buildWeb(): Promise<void> {
  await build(siteConfig());
  await buildStandaloneWidgets(WIDGETS_LIB_DIR);
  await build(lightConfig(() => servedFiles(WIDGETS_LIB_DIR)));
  await build(embedRendererConfig());
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildWeb();

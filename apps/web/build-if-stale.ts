/**
 * Builds apps/web (build.ts → apps/web/dist) only when a source it bundles is newer than the last
 * build, so `npm start` and test setup stay fast. Sources: apps/web, apps/widgets, apps/sdk, apps/pages, machines,
 * workers and edge/src (the service worker bundles its conditional-requests module) (minus dist, node_modules and tests). Run directly: `node --import tsx apps/web/build-if-stale.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILD_STAMP } from './build-stamp.ts';

const WEB = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(WEB, '../..');
const SOURCES = [
  WEB,
  path.join(REPO, 'apps/widgets'),
  path.join(REPO, 'apps/sdk'),
  path.join(REPO, 'apps/pages'),
  path.join(REPO, 'machines'),
  path.join(REPO, 'workers'),
  path.join(REPO, 'edge/src'),
];
const SKIPPED = new Set(['dist', 'node_modules', 'bench', 'testing']);
const isTest = (name: string) => /\.test\.tsx?$/.test(name);

/** The newest modification time (ms) of any file under `dir`. */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name) || entry.name.startsWith('.') || isTest(entry.name)) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

export function isWebBuildStale(): boolean {
  if (!fs.existsSync(BUILD_STAMP)) return true;
  const built = fs.statSync(BUILD_STAMP).mtimeMs;
  return SOURCES.some((dir) => fs.existsSync(dir) && newestMtime(dir) > built);
}

/** Builds when stale; resolves true when it built. */
export async function buildWebIfStale(log: (line: string) => void = () => {}): Promise<boolean> {
  if (!isWebBuildStale()) return false;
  const started = Date.now();
  const { buildWeb } = await import('./build.ts');
  await buildWeb();
  log(`Loopbox: web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const built = await buildWebIfStale((line) => process.stderr.write(`${line}\n`));
  if (!built) process.stderr.write('Loopbox: web app is up to date\n');
}

/**
 * The type checks, one per runtime: each tsconfig gives its code only the globals it runs with, so
 * server code cannot reach for `document` nor the service worker for a DOM `Window`. `npm test` runs
 * each as a check; `npm run typecheck` runs them all.
 */
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

export const TYPECHECK_CONFIGS = [
  { config: 'tsconfig.server.json', runtime: 'server (Node)' },
  { config: 'tsconfig.web.json', runtime: 'web app, widgets, SDK and machines (DOM)' },
  { config: 'tsconfig.workers.json', runtime: 'pingback worker and service worker (WebWorker)' },
  { config: 'tsconfig.edge.json', runtime: 'edge on Workers (Workers types)' },
  { config: 'tsconfig.json', runtime: 'tests and build tooling (Node and DOM)' },
] as const;

/** Runs one runtime's check with its output shown; true when it passes. */
export function typecheck(config: string): boolean {
  return spawnSync('npx', ['tsc', '-p', config, '--noEmit'], { stdio: 'inherit' }).status === 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  let failed = 0;
  for (const { config, runtime } of TYPECHECK_CONFIGS) {
    const ok = typecheck(config);
    if (!ok) failed += 1;
    console.log(`typecheck ${ok ? 'passed' : 'FAILED'}: ${runtime} (${config})`);
  }
  process.exit(failed === 0 ? 0 : 1);
}

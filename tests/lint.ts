/**
 * Lint and format with Biome (biome.json): `npm test` runs it as a check, `npm run lint` alone.
 * A warning fails it as an error does; `npm run format` writes the formatter's changes.
 */
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/** Runs Biome over the repository with its output shown; true when it finds nothing. */
export function lint(): boolean {
  return spawnSync('npx', ['biome', 'ci', '--error-on-warnings', '.'], { stdio: 'inherit' }).status === 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(lint() ? 0 : 1);

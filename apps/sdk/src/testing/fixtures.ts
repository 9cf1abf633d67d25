/** Test support: the real GIPHY responses of /work/shared/fixtures/giphy. */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const FIXTURES_DIR = fileURLToPath(new URL('../../../../../shared/fixtures/giphy/', import.meta.url));

export function fixtureNames(): string[] {
  return readdirSync(FIXTURES_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort();
}

export function loadFixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(`${FIXTURES_DIR}${name}`, 'utf8')) as Record<string, unknown>;
}

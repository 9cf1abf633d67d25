import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The real GIPHY responses in shared/, beside the repository (as on every machine and in CI). */
export const GIPHY_FIXTURES = fileURLToPath(new URL('../../../shared/fixtures/giphy/', import.meta.url));

export function giphyFixture(name: string): any {
  return JSON.parse(fs.readFileSync(`${GIPHY_FIXTURES}${name}`, 'utf8'));
}

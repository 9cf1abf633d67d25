import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Real GIPHY responses, vendored in tests/fixtures/giphy (README there says where they come from). */
export const GIPHY_FIXTURES = fileURLToPath(new URL('../fixtures/giphy/', import.meta.url));

export function giphyFixtureNames(): string[] {
  return fs
    .readdirSync(GIPHY_FIXTURES)
    .filter((name) => name.endsWith('.json'))
    .sort();
}

export function giphyFixture(name: string): any {
  return JSON.parse(fs.readFileSync(`${GIPHY_FIXTURES}${name}`, 'utf8'));
}

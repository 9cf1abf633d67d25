/**
 * Builds the publishable package in dist/: ESM JavaScript with type declarations (tsc), the README,
 * and a manifest whose exports point at the built files. Publish with `npm publish apps/sdk/dist`.
 * Inside this repository the workspace imports the TypeScript sources directly.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const dist = `${here}dist`;
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

fs.rmSync(dist, { recursive: true, force: true });
execFileSync(process.execPath, [tsc, '-p', `${here}tsconfig.build.json`], { stdio: 'inherit' });
// tsc rewrites `.ts` specifiers in the JavaScript it emits but not in declarations.
for (const file of fs.readdirSync(dist).filter((f) => f.endsWith('.d.ts'))) {
  const text = fs.readFileSync(`${dist}/${file}`, 'utf8');
  fs.writeFileSync(`${dist}/${file}`, text.replace(/(from\s+['"]\.{1,2}\/[^'"]+)\.ts(['"])/g, '$1.js$2'));
}
const source = JSON.parse(fs.readFileSync(`${here}package.json`, 'utf8')) as Record<string, unknown>;
const manifest = {
  name: source.name,
  version: source.version,
  description: source.description,
  type: 'module',
  exports: { '.': { types: './index.d.ts', default: './index.js' } },
  types: './index.d.ts',
  sideEffects: false,
  license: 'MIT',
};
fs.writeFileSync(`${dist}/package.json`, `${JSON.stringify(manifest, null, 2)}\n`);
fs.copyFileSync(`${here}README.md`, `${dist}/README.md`);

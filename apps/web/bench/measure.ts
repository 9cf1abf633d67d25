import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** What the web benches share: sizes of built files, and page loads timed against a static page. */

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Minified and gzipped bytes of built files under `dist`. */
export function builtSizes(dist: string, files: Iterable<string>): { bytes: number; gzipBytes: number } {
  let bytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const contents = fs.readFileSync(path.join(dist, file));
    bytes += contents.byteLength;
    gzipBytes += gzipSync(contents).byteLength;
  }
  return { bytes, gzipBytes };
}

/**
 * Times `ours` and `baseline` alternately, `runs` times each after one warm-up round, and writes one
 * line per measured figure: the medians side by side and their ratio.
 */
export async function compareLoads<K extends string>(
  runs: number,
  ours: () => Promise<Record<K, number>>,
  baseline: () => Promise<Record<K, number>>,
  figures: { key: K; label: string }[],
  names: { ours: string; baseline: string },
): Promise<string[]> {
  const measured = { ours: [] as Record<K, number>[], baseline: [] as Record<K, number>[] };
  for (let i = 0; i <= runs; i++) {
    const a = await ours();
    const b = await baseline();
    if (i === 0) continue; // warm-up
    measured.ours.push(a);
    measured.baseline.push(b);
  }
  const ms = (n: number) => `${n.toFixed(0).padStart(5)} ms`;
  return figures.map(({ key, label }) => {
    const a = median(measured.ours.map((r) => r[key]));
    const b = median(measured.baseline.map((r) => r[key]));
    return `  ${label.padEnd(26)} ${names.ours} ${ms(a)}   ${names.baseline} ${ms(b)}   (${(a / b).toFixed(2)}x)`;
  });
}

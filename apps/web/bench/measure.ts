import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { budgetVerdict } from '../../../tests/bench/budget.ts';

/** What the web benches share: sizes of built files, and page loads timed against a static page. */

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
/** The middle value; a failed measurement (NaN) sorts as the slowest. */
export const median = (values: number[]) => {
  const rank = (n: number) => (Number.isNaN(n) ? Number.POSITIVE_INFINITY : n);
  return [...values].sort((a, b) => rank(a) - rank(b))[Math.floor(values.length / 2)]!;
};

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

/** A figure `compareLoads` reports: a time (median of the runs) or a score such as CLS (worst run). */
export interface LoadFigure<K extends string> {
  key: K;
  label: string;
  /** Budget on ours / baseline. */
  maxRatio?: number;
  /** Budget on ours itself (a score such as CLS 0). */
  maxValue?: number;
  unit?: 'ms' | 'score';
}

/**
 * Times `ours` and `baseline` in turn (which goes first alternates), `runs` times each after one
 * warm-up round, and writes one line per measured figure: the medians side by side (the worst run
 * for a score), their ratio, and its budget when it has one.
 */
export async function compareLoads<K extends string>(
  runs: number,
  ours: () => Promise<Record<K, number>>,
  baseline: () => Promise<Record<K, number>>,
  figures: LoadFigure<K>[],
  names: { ours: string; baseline: string },
): Promise<string[]> {
  const measured = { ours: [] as Record<K, number>[], baseline: [] as Record<K, number>[] };
  for (let i = 0; i <= runs; i++) {
    // Which side goes first alternates, so neither always follows the other's load.
    const first = i % 2 === 0 ? await ours() : undefined;
    const b = await baseline();
    const a = first ?? (await ours());
    if (i === 0) continue; // warm-up
    measured.ours.push(a);
    measured.baseline.push(b);
  }
  const worst = (values: number[]) => (values.some(Number.isNaN) ? Number.NaN : Math.max(...values));
  return figures.map(({ key, label, maxRatio, maxValue, unit = 'ms' }) => {
    const pick = unit === 'score' ? worst : median;
    const a = pick(measured.ours.map((r) => r[key]));
    const b = pick(measured.baseline.map((r) => r[key]));
    // NaN: the median run never saw it (not every first-screen GIF painted before the load settled).
    const shown = (n: number) =>
      Number.isNaN(n) ? 'not seen'.padStart(8) : unit === 'score' ? n.toFixed(4).padStart(8) : `${n.toFixed(0).padStart(5)} ms`;
    const ratio = unit === 'score' ? '' : Number.isNaN(a / b) ? '   (no ratio)' : `   (${(a / b).toFixed(2)}x)`;
    const budget =
      maxRatio !== undefined
        ? `   ${budgetVerdict(a / b, maxRatio, `<= ${maxRatio.toFixed(2)}x`)}`
        : maxValue !== undefined
          ? `   ${budgetVerdict(a, maxValue, maxValue === 0 ? '0' : `<= ${maxValue}`)}`
          : '';
    return `  ${label.padEnd(26)} ${names.ours} ${shown(a)}   ${names.baseline} ${shown(b)}${ratio}${budget}`;
  });
}

/** A browser profile every page figure is measured on (issue 22: a phone on a slow link as well). */
export interface BenchProfile {
  name: string;
  /** What the profile is, printed beside its rows. */
  label: string;
  /** CPU slowdown (Emulation.setCPUThrottlingRate), 1 for none. */
  cpuSlowdown: number;
  /** Link emulation (Network.emulateNetworkConditions), none on the normal profile. */
  network?: { latencyMs: number; downloadBitsPerSecond: number; uploadBitsPerSecond: number };
}

export const BENCH_PROFILES: BenchProfile[] = [
  { name: 'normal', label: 'no throttling, warm cache', cpuSlowdown: 1 },
  {
    name: 'throttled',
    label: '4x CPU slowdown, 1.6 Mbps down / 750 kbps up, 150 ms RTT, cache disabled',
    cpuSlowdown: 4,
    network: { latencyMs: 150, downloadBitsPerSecond: 1_600_000, uploadBitsPerSecond: 750_000 },
  },
];

/** Applies a profile to a page through Chromium's DevTools protocol. */
export async function applyProfile(page: Page, profile: BenchProfile): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  if (!profile.network) return;
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.network.latencyMs,
    downloadThroughput: profile.network.downloadBitsPerSecond / 8,
    uploadThroughput: profile.network.uploadBitsPerSecond / 8,
  });
}

/**
 * A reference page served over real HTTP on 127.0.0.1 (not fulfilled by Playwright, which would skip
 * the emulated link), so the throttled profile delays it as it delays ours.
 */
export async function serveReferencePage(html: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/reference`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

import fs from 'node:fs';

/** The machine's CPU time so far, all cores, in clock ticks: busy (all but idle and iowait) and total. */
function cpuTicks(): { busy: number; total: number } {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = fields.reduce((sum, v) => sum + v, 0);
  return { busy: total - fields[3]! - fields[4]!, total };
}

const SETTLE_WINDOW_MS = 250;
/** Settled: under this share of the machine's CPU busy over one window (10 % of two cores: a fifth of one). */
const SETTLED_BUSY_SHARE = 0.1;
const SETTLE_MAX_MS = 20_000;

/**
 * Waits until the machine has settled after the load before: the server folds the analytics the last
 * row logged and rebuilds what it asked for in the background, and a short row measured meanwhile
 * would be measuring that. Returns the ms waited, or -1 when it never settled within SETTLE_MAX_MS.
 */
export async function settle(): Promise<number> {
  const started = Date.now();
  for (;;) {
    const before = cpuTicks();
    await new Promise((resolve) => setTimeout(resolve, SETTLE_WINDOW_MS));
    const after = cpuTicks();
    if ((after.busy - before.busy) / Math.max(1, after.total - before.total) < SETTLED_BUSY_SHARE) return Date.now() - started;
    if (Date.now() - started > SETTLE_MAX_MS) return -1;
  }
}

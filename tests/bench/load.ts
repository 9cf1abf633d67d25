/** A small closed-loop load generator over loopback: `concurrency` clients, each sending the next request as the last one returns. */
export interface LoadResult {
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  perSecond: number;
}

export async function runLoad(nextUrl: (i: number) => string, opts: { requests: number; concurrency: number; warmup?: number }): Promise<LoadResult> {
  const send = async (url: string) => {
    const res = await fetch(url);
    await res.arrayBuffer();
    return res.ok;
  };
  for (let i = 0; i < (opts.warmup ?? 100); i++) await send(nextUrl(i));
  const latencies: number[] = [];
  let errors = 0;
  let issued = 0;
  const started = performance.now();
  const client = async () => {
    while (issued < opts.requests) {
      const url = nextUrl(issued++);
      const t = performance.now();
      if (!(await send(url))) errors++;
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, client));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, errors, p50: at(0.5), p99: at(0.99), perSecond: latencies.length / elapsed };
}

export const ms = (v: number) => `${v.toFixed(2)} ms`;

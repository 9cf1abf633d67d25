/** A small closed-loop load generator over loopback: `concurrency` clients, each sending the next request as the last one returns. */
export interface LoadResult {
  requests: number;
  errors: number;
  /** The first failure's cause when a request got no answer at all (the count is in `errors`). */
  failure?: string;
  /** Answers the edge served from its cache (X-Cache: HIT). */
  cacheHits: number;
  p50: number;
  p99: number;
  perSecond: number;
}

/**
 * `nextUrl(i, pass)`: the i-th request of the warm-up pass (`pass` 'warm') or of the measured one
 * ('run'); a URL that names its pass misses the edge cache in the measured pass while warming the rest.
 */
export async function runLoad(nextUrl: (i: number, pass: 'warm' | 'run') => string, opts: { requests: number; concurrency: number; warmup?: number }): Promise<LoadResult> {
  let cacheHits = 0;
  let counting = false;
  let failure: string | undefined;
  const send = async (url: string) => {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (counting && res.headers.get('x-cache') === 'HIT') cacheHits++;
      return res.ok;
    } catch (err) {
      const cause = (err as Error & { cause?: Error }).cause;
      failure ??= `${(err as Error).message}${cause ? `: ${cause.message}` : ''} (${url})`;
      return false;
    }
  };
  let warmed = 0;
  const warmer = async () => {
    while (warmed < (opts.warmup ?? 100)) await send(nextUrl(warmed++, 'warm'));
  };
  await Promise.all(Array.from({ length: opts.concurrency }, warmer));
  const latencies: number[] = [];
  let errors = 0;
  let issued = 0;
  counting = true;
  const started = performance.now();
  const client = async () => {
    while (issued < opts.requests) {
      const url = nextUrl(issued++, 'run');
      const t = performance.now();
      if (!(await send(url))) errors++;
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, client));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, errors, ...(failure ? { failure } : {}), cacheHits, p50: at(0.5), p99: at(0.99), perSecond: latencies.length / elapsed };
}

export const ms = (v: number) => `${v.toFixed(2)} ms`;

import http from 'node:http';

/**
 * A small closed-loop load generator over loopback: `concurrency` clients, each sending the next
 * request as the last one returns, on kept-alive connections. It shares the machine's cores with the
 * server, so it is lean: node:http with each body drained unread (fetch cost 0.8 ms of CPU per
 * 134 KB search answer, about as much as the server's own work). It says what it accepts as a
 * browser does (gzip, deflate, br), so a kept answer comes back compressed as it would to one
 * (`acceptEncoding: 'identity'` asks for it as it is).
 */
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

export interface LoadOptions {
  requests: number;
  concurrency: number;
  /** Requests sent before the measured ones (default 100). */
  warmup?: number;
  /** Default: what a browser accepts. */
  acceptEncoding?: string;
}

/**
 * `nextUrl(i, pass)`: the i-th request of the warm-up pass (`pass` 'warm') or of the measured one
 * ('run'); a URL that names its pass misses the edge cache in the measured pass while warming the rest.
 */
export async function runLoad(nextUrl: (i: number, pass: 'warm' | 'run') => string, opts: LoadOptions): Promise<LoadResult> {
  let cacheHits = 0;
  let counting = false;
  let failure: string | undefined;
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
  const send = (url: string) =>
    new Promise<boolean>((resolve) => {
      const failed = (err: Error) => {
        failure ??= `${err.message} (${url})`;
        resolve(false);
      };
      http
        .get(url, { agent, headers: { 'Accept-Encoding': opts.acceptEncoding ?? 'gzip, deflate, br' } }, (res) => {
          if (counting && res.headers['x-cache'] === 'HIT') cacheHits++;
          res.on('end', () => resolve(res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300));
          res.on('error', failed);
          res.resume();
        })
        .on('error', failed);
    });
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
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    errors,
    ...(failure ? { failure } : {}),
    cacheHits,
    p50: at(0.5),
    p99: at(0.99),
    perSecond: latencies.length / elapsed,
  };
}

export const ms = (v: number) => `${v.toFixed(2)} ms`;

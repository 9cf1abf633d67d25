import pLimit from 'p-limit';
import { TEXT_RENDER_EXPECTED_MS } from './constants.ts';
import { RenderRefused } from './render-refused.ts';

export interface RenderQueueLimits {
  /** Renders running at once. */
  concurrency: number;
  /** Renders waiting for a slot; beyond them a render is refused. */
  queue: number;
  /** A waiting render that has not started by then is refused rather than run. */
  maxWaitMs: number;
  /** What is being rendered, in the busy message ("Text rendering" by default). */
  name?: string;
  /** A render's expected time before any was measured (TEXT_RENDER_EXPECTED_MS by default). */
  expectedMs?: number;
}

export interface RenderQueue {
  /** Throws RenderRefused (503) when a render submitted now would be refused. */
  refuseWhenFull(): void;
  /** Runs `render` when a slot frees; throws RenderRefused (503) when the queue is full or the wait ran out. */
  run<T>(render: () => Promise<T>): Promise<T>;
  readonly load: { running: number; waiting: number };
}

/**
 * Bounded concurrency (p-limit) with a bounded wait: at most `concurrency` renders run and at most
 * `queue` wait. Retry-After is the expected time until a slot frees for one more, from a moving
 * average of recent render times.
 */
export function createRenderQueue(limits: RenderQueueLimits, now: () => number = Date.now): RenderQueue {
  const limit = pLimit(limits.concurrency);
  let averageMs = limits.expectedMs ?? TEXT_RENDER_EXPECTED_MS;
  const busy = (why: string) => {
    const ahead = limit.pendingCount / limits.concurrency + 1;
    return new RenderRefused(
      503,
      `${limits.name ?? 'Text rendering'} is busy (${why}); try again shortly`,
      Math.max(1, Math.ceil((ahead * averageMs) / 1000)),
    );
  };
  const refuseWhenFull = () => {
    if (limit.activeCount >= limits.concurrency && limit.pendingCount >= limits.queue) throw busy('queue full');
  };
  return {
    refuseWhenFull,
    async run(render) {
      refuseWhenFull();
      const queuedAt = now();
      return limit(async () => {
        const startedAt = now();
        if (startedAt - queuedAt > limits.maxWaitMs) throw busy('waited too long');
        try {
          return await render();
        } finally {
          averageMs = 0.8 * averageMs + 0.2 * (now() - startedAt);
        }
      });
    },
    get load() {
      return { running: limit.activeCount, waiting: limit.pendingCount };
    },
  };
}

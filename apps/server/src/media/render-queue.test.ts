import { describe, expect, it } from 'vitest';
import { createRenderQueue } from './render-queue.ts';
import { RenderRefused } from './render-refused.ts';

/** A task that finishes when told to, counting how many run at once. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, task: () => opened };
}

describe('render queue', () => {
  it('runs at most `concurrency`, keeps at most `queue` waiting and refuses the rest with 503 and Retry-After', async () => {
    const queue = createRenderQueue({ concurrency: 2, queue: 1, maxWaitMs: 60_000 });
    const gates = [gate(), gate(), gate(), gate()];
    const runs = gates.map((g) =>
      queue.run(g.task).then(
        () => 'done',
        (e: unknown) => e,
      ),
    );
    expect(queue.load).toEqual({ running: 2, waiting: 1 });
    const refused = await runs[3];
    expect(refused).toBeInstanceOf(RenderRefused);
    expect((refused as RenderRefused).status).toBe(503);
    expect((refused as RenderRefused).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(() => queue.refuseWhenFull()).toThrow(RenderRefused);
    for (const g of gates) g.open();
    expect(await Promise.all(runs.slice(0, 3))).toEqual(['done', 'done', 'done']);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
    expect(() => queue.refuseWhenFull()).not.toThrow();
  });

  it('refuses a waiting render that could not start within maxWaitMs instead of running it', async () => {
    let clock = 0;
    const queue = createRenderQueue({ concurrency: 1, queue: 5, maxWaitMs: 1_000 }, () => clock);
    const first = gate();
    const running = queue.run(first.task);
    let ran = false;
    const waiting = queue
      .run(async () => {
        ran = true;
      })
      .catch((e: unknown) => e);
    await new Promise((resolve) => setImmediate(resolve)); // the first has started
    clock = 1_001;
    first.open();
    await running;
    expect(await waiting).toMatchObject({ status: 503 });
    expect(ran).toBe(false);
  });
});

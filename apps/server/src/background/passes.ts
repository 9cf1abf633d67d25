/** A background job run in passes: on demand and every `intervalMs` once started. */
export interface Passes<T> {
  /**
   * Runs a pass; passes never overlap, and calls made while one waits to start share it (it will
   * see whatever they were called for).
   */
  run(): Promise<T>;
  /** Runs a pass every `intervalMs` (after the previous one ends) until stopped. */
  start(): void;
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
  /** Whether started and not stopped. */
  readonly running: boolean;
}

export function createPasses<T>(pass: () => Promise<T>, options: { intervalMs: number; onError: (err: Error) => void }): Passes<T> {
  let queue: Promise<unknown> = Promise.resolve();
  let next: Promise<T> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;

  function run(): Promise<T> {
    if (next) return next;
    const started = queue.then(() => {
      next = undefined;
      return pass();
    });
    next = started;
    queue = started.catch(() => {}); // the caller of this pass gets its failure; the next pass runs regardless
    return started;
  }

  function schedule() {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      run().catch(options.onError).finally(schedule);
    }, options.intervalMs);
    timer.unref();
  }

  return {
    run,
    start() {
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await queue;
    },
    get running() {
      return !stopped;
    },
  };
}

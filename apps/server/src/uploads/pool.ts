import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { ProcessOutcome, ProcessTask } from './process.ts';

/** How long an idle worker thread is kept before its memory is given back. */
const IDLE_THREAD_MS = 30_000;

export interface ProcessingPool {
  run(task: Omit<ProcessTask, 'progress'>, onProgress: (progress: number) => void): Promise<ProcessOutcome>;
  close(): Promise<void>;
}

/**
 * Worker threads for processing (piscina): at most `threads` uploads at once, each in its own
 * thread, so decoding and encoding never run on the request event loop. Threads load the
 * TypeScript sources through tsx, as the main thread does.
 */
export function createProcessingPool(threads: number): ProcessingPool {
  const execArgv = process.execArgv.some((arg) => arg.includes('tsx')) ? process.execArgv : [...process.execArgv, '--import', 'tsx'];
  const pool = new Piscina({
    filename: new URL('./worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: IDLE_THREAD_MS,
    execArgv,
  });
  return {
    async run(task, onProgress) {
      const channel = new MessageChannel();
      channel.port2.on('message', (message: { progress: number }) => onProgress(message.progress));
      try {
        return (await pool.run({ ...task, progress: channel.port1 }, { transferList: [channel.port1] })) as ProcessOutcome;
      } finally {
        channel.port2.close();
      }
    },
    close: () => pool.destroy(),
  };
}

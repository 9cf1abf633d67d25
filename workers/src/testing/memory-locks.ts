import type { Locks } from '../queue/ownership.ts';

/**
 * Exclusive Web Locks for Node tests (Node 20 has no navigator.locks): requests for a name are
 * granted one at a time in order, `ifAvailable` gets null when held, and an aborted waiter rejects.
 * `end(holder)` releases every lock a holder's callbacks still hold, as a closed page would.
 */
export function createMemoryLocks() {
  const held = new Map<string, { release: () => void }>();
  const waiting = new Map<string, Array<() => void>>();

  function grant(name: string) {
    if (held.has(name)) return;
    const next = waiting.get(name)?.shift();
    next?.();
  }

  async function run<T>(name: string, callback: (lock: unknown) => Promise<T> | T): Promise<T> {
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    held.set(name, { release });
    try {
      return await Promise.race([callback({ name }), done.then(() => undefined as T)]);
    } finally {
      held.delete(name);
      grant(name);
    }
  }

  const locks: Locks = {
    request<T>(name: string, ...args: unknown[]): Promise<T> {
      const [options, callback] = (args.length === 1 ? [{}, args[0]] : args) as [
        { ifAvailable?: boolean; signal?: AbortSignal },
        (lock: unknown) => Promise<T> | T,
      ];
      if (!held.has(name) && !waiting.get(name)?.length) return run(name, callback);
      if (options.ifAvailable) return Promise.resolve(callback(null));
      return new Promise<T>((resolve, reject) => {
        const queue = waiting.get(name) ?? [];
        const start = () => run(name, callback).then(resolve, reject);
        queue.push(start);
        waiting.set(name, queue);
        options.signal?.addEventListener('abort', () => {
          const index = queue.indexOf(start);
          if (index >= 0) queue.splice(index, 1);
          reject(options.signal!.reason);
        });
      });
    },
  };

  return {
    locks,
    isHeld: (name: string) => held.has(name),
    /** Releases a held lock as if its holder (page, worker) ended. */
    end(name: string) {
      held.get(name)?.release();
    },
  };
}

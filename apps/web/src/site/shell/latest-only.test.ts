import { describe, expect, it } from 'vitest';
import { createLatestOnly } from './latest-only.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('latest-only reads', () => {
  it('applies the last read asked for, whichever settles last', async () => {
    const reads = createLatestOnly();
    const applied: string[] = [];
    const first = deferred<string>();
    const second = deferred<string>();
    const done = [reads.apply(first.promise, (v) => applied.push(v), () => applied.push('error')), reads.apply(second.promise, (v) => applied.push(v), () => applied.push('error'))];
    second.resolve('second');
    first.resolve('first');
    await Promise.all(done);
    expect(applied).toEqual(['second']);
  });

  it('drops an earlier failure too, and applies a failure of the last read', async () => {
    const reads = createLatestOnly();
    const errors: string[] = [];
    const first = deferred<string>();
    const second = deferred<string>();
    const done = [reads.apply(first.promise, () => {}, (e) => errors.push(e.message)), reads.apply(second.promise, () => {}, (e) => errors.push(e.message))];
    first.reject(new Error('first'));
    second.reject(new Error('second'));
    await Promise.all(done);
    expect(errors).toEqual(['second']);
  });

  it('drops every read in flight once superseded', async () => {
    const reads = createLatestOnly();
    const applied: string[] = [];
    const read = deferred<string>();
    const done = reads.apply(read.promise, (v) => applied.push(v), () => {});
    reads.supersede();
    read.resolve('stale');
    await done;
    expect(applied).toEqual([]);
  });
});

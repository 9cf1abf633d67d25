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

/** Two reads of one thing asked for in turn, and what each applied. */
function twoReads() {
  const reads = createLatestOnly();
  const applied: string[] = [];
  const errors: string[] = [];
  const [first, second] = [deferred<string>(), deferred<string>()];
  const done = Promise.all([first, second].map((read) => reads.apply(read.promise, (v) => applied.push(v), (e) => errors.push(e.message))));
  return { first, second, applied, errors, done };
}

describe('latest-only reads', () => {
  it('applies the last read asked for, whichever settles last', async () => {
    const { first, second, applied, errors, done } = twoReads();
    second.resolve('second');
    first.resolve('first');
    await done;
    expect(applied).toEqual(['second']);
    expect(errors).toEqual([]);
  });

  it('drops an earlier failure too, and applies a failure of the last read', async () => {
    const { first, second, errors, done } = twoReads();
    first.reject(new Error('first'));
    second.reject(new Error('second'));
    await done;
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

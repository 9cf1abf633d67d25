import { describe, expect, it } from 'vitest';
import { createUnchangedMemo } from './unchanged-memo.ts';

describe('createUnchangedMemo', () => {
  it('reads every time without a change count', async () => {
    let reads = 0;
    const memo = createUnchangedMemo<{ n: number }>(undefined, 10);
    await memo.read('a', async () => ({ n: ++reads }));
    expect(await memo.read('a', async () => ({ n: ++reads }))).toEqual({ n: 2 });
  });

  it('reuses a read while the count stands, per key, and reads again once it moves', async () => {
    let changes = 0;
    let reads = 0;
    const memo = createUnchangedMemo<{ n: number } | null>(() => changes, 10);
    const load = async () => ({ n: ++reads });
    expect(await memo.read('a', load)).toEqual({ n: 1 });
    expect(await memo.read('a', load)).toEqual({ n: 1 });
    expect(await memo.read('b', load)).toEqual({ n: 2 });
    changes += 1;
    expect(await memo.read('a', load)).toEqual({ n: 3 });
    expect(await memo.read('a', async () => null)).toEqual({ n: 3 });
  });

  it('reads again once an entry is older than its time to live, the count unmoved', async () => {
    let reads = 0;
    const memo = createUnchangedMemo<{ n: number }>(() => 0, 10, 5);
    const load = async () => ({ n: ++reads });
    expect(await memo.read('a', load)).toEqual({ n: 1 });
    expect(await memo.read('a', load)).toEqual({ n: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await memo.read('a', load)).toEqual({ n: 2 });
  });

  it('does not trust a read during which the count moved', async () => {
    let changes = 0;
    let reads = 0;
    const memo = createUnchangedMemo<{ n: number }>(() => changes, 10);
    await memo.read('a', async () => {
      changes += 1; // committed while this read was under way
      return { n: ++reads };
    });
    expect(await memo.read('a', async () => ({ n: ++reads }))).toEqual({ n: 2 });
    expect(await memo.read('a', async () => ({ n: ++reads }))).toEqual({ n: 2 });
  });

  it('loads together only the keys not read since the last change, and keeps what the loader left out as absent', async () => {
    let changes = 0;
    const asked: string[][] = [];
    const memo = createUnchangedMemo<string>(() => changes, 10);
    const loadMissing = async (missing: string[]) => {
      asked.push(missing);
      return new Map(missing.filter((key) => key !== 'gone').map((key) => [key, `${key}@${changes}`]));
    };
    expect(await memo.readEach(['a', 'gone'], loadMissing)).toEqual(new Map([['a', 'a@0']]));
    expect(await memo.readEach(['b', 'a', 'gone'], loadMissing)).toEqual(
      new Map([
        ['b', 'b@0'],
        ['a', 'a@0'],
      ]),
    );
    expect(asked).toEqual([['a', 'gone'], ['b']]);
    changes += 1;
    expect(await memo.readEach(['a', 'gone'], loadMissing)).toEqual(new Map([['a', 'a@1']]));
    expect(asked.at(-1)).toEqual(['a', 'gone']);
  });

  it('loads every key each time without a change count', async () => {
    let loads = 0;
    const memo = createUnchangedMemo<string>(undefined, 10);
    const loadMissing = async (missing: string[]) => new Map(missing.map((key) => [key, `${key}${++loads}`]));
    await memo.readEach(['a'], loadMissing);
    expect(await memo.readEach(['a', 'b'], loadMissing)).toEqual(
      new Map([
        ['a', 'a2'],
        ['b', 'b3'],
      ]),
    );
  });
});

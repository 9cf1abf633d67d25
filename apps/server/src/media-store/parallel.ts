/** Runs `work` on every item, at most `limit` at once; rejects with the first failure once all started work has ended. */
export async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { err: unknown } | undefined;
  const lane = async () => {
    while (next < items.length && !failure) {
      const item = items[next++] as T;
      await work(item).catch((err: unknown) => {
        failure ??= { err };
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failure) throw failure.err;
}

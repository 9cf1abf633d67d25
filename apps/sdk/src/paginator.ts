import type { IGif, IPagination } from './types.ts';

export interface Page<T> {
  data: readonly T[];
  pagination: IPagination;
}

/**
 * The paginated fetcher of SPEC 4.5. Each call of the returned function fetches the page at the
 * current offset, adds only items with unseen ids, moves the offset to pagination.offset +
 * pagination.count and resolves with the whole list (a new array each time). It is done when the
 * offset reaches total_count (or a page comes back empty); once done it resolves with the list
 * without a request. Concurrent calls share one request; a failed request changes nothing.
 */
export function gifPaginator<T extends { id: string } = IGif>(
  fetchPage: (offset: number) => Promise<Page<T>>,
  initialItems: readonly T[] = [],
): () => Promise<T[]> {
  const items = [...initialItems];
  const seen = new Set(items.map((item) => item.id));
  let offset = 0;
  let done = false;
  let pending: Promise<T[]> | undefined;

  async function fetchNext(): Promise<T[]> {
    const { data, pagination } = await fetchPage(offset);
    for (const item of data) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
    offset = pagination.offset + pagination.count;
    done = offset >= pagination.total_count || pagination.count === 0;
    return [...items];
  }

  return () => {
    if (done) return Promise.resolve([...items]);
    pending ??= fetchNext().finally(() => {
      pending = undefined;
    });
    return pending;
  };
}

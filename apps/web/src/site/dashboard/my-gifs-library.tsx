import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { fetchMyGifs, isTombstone, type MyGif, type MyGifsEntry } from './my-gifs-api.ts';
import { Button } from '../../ui/Button.tsx';
import { formatCount } from '../../ui/format.ts';

const SEARCH_DELAY_MS = 250;

/**
 * The signed-in creator's GIFs for a picker, a page at a time: searchable by text, with more pages
 * loaded on request. A newer search wins over an older answer still on its way. Tombstones (GIFs
 * removed by the moderators or taken down) count for paging but are never offered.
 */
export function useMyGifsLibrary() {
  const [query, setQuery] = useState('');
  const [entries, setEntries] = useState<MyGifsEntry[]>([]);
  const gifs = useMemo(() => entries.filter((entry): entry is MyGif => !isTombstone(entry)), [entries]);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string>();
  const latest = useRef(0);

  const shown = useRef({ query, count: 0 });
  shown.current = { query, count: entries.length };

  /** Reads pages from `offset` on until `until` GIFs are read (at least one page), replacing or adding to the list. */
  const load = useCallback(async (q: string, offset: number, until = offset + 1) => {
    const call = ++latest.current;
    try {
      const read: MyGifsEntry[] = [];
      let count = 0;
      for (let at = offset; at < until; ) {
        const page = await fetchMyGifs({ q, type: '', state: '', offset: at });
        read.push(...page.data);
        count = page.pagination.total_count;
        if (page.data.length === 0) break;
        at += page.data.length;
      }
      if (call !== latest.current) return;
      setEntries((now) => (offset === 0 ? read : [...now, ...read]));
      setTotal(count);
      setError(undefined);
    } catch (err) {
      if (call === latest.current) setError((err as Error).message);
    }
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => void load(query, 0), query ? SEARCH_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [query, load]);
  /** Reads the GIFs shown so far again (after a change to them), keeping as many pages. */
  const reload = useCallback(() => load(shown.current.query, 0, Math.max(shown.current.count, 1)), [load]);

  return {
    gifs,
    query,
    search: setQuery,
    reload,
    more: entries.length < total ? () => void load(query, entries.length) : undefined,
    total: total - (entries.length - gifs.length),
    error,
  };
}

type Library = ReturnType<typeof useMyGifsLibrary>;

/** The search field above a library picker. */
export function LibrarySearch({ library, label }: { library: Library; label: string }) {
  const id = useId();
  return (
    <p className="lb-library-search">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="search" value={library.query} maxLength={50} onChange={(e) => library.search(e.target.value)} />
      {library.error && <span className="lb-error">{library.error}</span>}
    </p>
  );
}

/** How much of the library is shown, and the button for the next page. */
export function LibraryMore({ library }: { library: Library }) {
  return (
    <p className="lb-library-more">
      {library.total === 0
        ? library.query
          ? 'No GIFs match.'
          : 'No GIFs yet.'
        : `Showing ${formatCount(library.gifs.length)} of ${formatCount(library.total)}`}
      {library.more && <Button onClick={library.more}>Show more</Button>}
    </p>
  );
}

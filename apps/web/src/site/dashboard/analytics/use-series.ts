import { getBestRenditionUrl, type LoopboxFetch } from '@loopbox/sdk';
import { useEffect, useState } from 'react';
import { fetchSeries, type Series } from './series-api.ts';

export interface SeriesState {
  loading: boolean;
  series?: Series;
  error?: string;
}

/** The series for a window and creator: refetched when either changes or on retry; a stale answer is dropped. */
export function useSeries(days: number, username: string | null, fetchImpl: typeof fetch): SeriesState & { retry(): void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<SeriesState>({ loading: true });
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is read by no one on purpose: a retry bumps it to ask again with the same arguments
  useEffect(() => {
    const abort = new AbortController();
    setState((s) => ({ ...s, loading: true, error: undefined }));
    fetchSeries(days, username, fetchImpl, abort.signal).then(
      (series) => setState({ loading: false, series }),
      (err: Error) => {
        if (!abort.signal.aborted) setState({ loading: false, error: err.message });
      },
    );
    return () => abort.abort();
  }, [days, username, fetchImpl, attempt]);
  return { ...state, retry: () => setAttempt((a) => a + 1) };
}

const THUMBNAIL_PX = 40;

/** Still thumbnails of the given GIFs from the public API; none (not an error) when it fails. */
export function useThumbnails(client: LoopboxFetch, ids: readonly string[]): ReadonlyMap<string, string> {
  const [thumbnails, setThumbnails] = useState<ReadonlyMap<string, string>>(new Map());
  const key = ids.join(',');
  useEffect(() => {
    if (!key) return;
    let current = true;
    client.gifs(key.split(',')).then(
      ({ data }) => {
        const urls = data.flatMap((g) => {
          const url = getBestRenditionUrl(g, THUMBNAIL_PX, THUMBNAIL_PX, 'still');
          return url ? [[g.id, url] as const] : [];
        });
        if (current) setThumbnails(new Map(urls));
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [client, key]);
  return thumbnails;
}

import { gifPaginator, type IGif, type Page } from '@loopbox/sdk';
import type { FeedMachine } from '@loopbox/machines';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';

/** The embedder's loader: the page of GIFs at `offset` (GiphyFetch-style). */
export type FetchGifs = (offset: number) => Promise<Page<IGif>>;

export interface FeedCallbacks {
  /** The list grew: every GIF fetched so far. */
  onGifsFetched?: (gifs: IGif[]) => void;
  /** A fetch failed (Grid only; the Carousel swallows failures). */
  onGifsFetchError?: (error: unknown) => void;
}

/**
 * Runs a Grid or Carousel feed machine (SPEC 4.2) against the embedder's `fetchGifs`, paged by
 * the SDK's gifPaginator (SPEC 4.5). A new `fetchGifs` starts the feed over (RESET).
 */
export function useFeed(createMachine: () => FeedMachine<IGif>, fetchGifs: FetchGifs, callbacks: FeedCallbacks) {
  const paginator = useMemo(() => gifPaginator(fetchGifs), [fetchGifs]);
  const latest = useRef({ paginator, callbacks });
  useEffect(() => {
    latest.current = { paginator, callbacks };
  });
  const [machine] = useState(() =>
    createMachine().provide({
      actors: { fetchGifs: fromPromise(() => latest.current.paginator()) },
      actions: { onError: (_, { error }) => latest.current.callbacks.onGifsFetchError?.(error) },
    }),
  );
  const actor = useActorRef(machine);
  const context = useSelector(actor, (snapshot) => snapshot.context);

  const initialPaginator = useRef(paginator);
  useEffect(() => {
    if (paginator !== initialPaginator.current) actor.send({ type: 'RESET' });
  }, [actor, paginator]);

  useEffect(() => {
    if (context.gifs.length > 0) latest.current.callbacks.onGifsFetched?.(context.gifs);
  }, [context.gifs]);

  return { context, send: actor.send };
}

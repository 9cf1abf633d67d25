import { assign, fromPromise, setup } from 'xstate';

/** The paginated feed lifecycle shared by Grid and Carousel (SPEC 4.2). */

export interface FeedOptions {
  id: string;
  /** Quiet period after the loader sentinel shows before a fetch starts. */
  debounceMs: number;
  /** true: a failure enters `failed`, sets isError and runs `onError`. false: it is swallowed. */
  reportErrors: boolean;
}

export interface FetchGifsInput {
  /** Always the current list length. */
  offset: number;
}

export interface FeedContext<TGif> {
  gifs: TGif[];
  isFetching: boolean;
  /** Only ever true for a machine built with reportErrors. */
  isError: boolean;
  isLoaderVisible: boolean;
  isDoneFetching: boolean;
}

export type FeedEvent =
  | { type: 'LOADER_VISIBLE' }
  | { type: 'LOADER_HIDDEN' }
  | { type: 'RETRY' }
  /** The fetchGifs source changed: drop the list and start over. */
  | { type: 'RESET' };

export function createFeedMachine<TGif>({ id, debounceMs, reportErrors }: FeedOptions) {
  return setup({
    types: {
      context: {} as FeedContext<TGif>,
      events: {} as FeedEvent,
    },
    actors: {
      // The embedder's paginated loader: resolves with the accumulated list (SPEC 4.5).
      fetchGifs: fromPromise<TGif[], FetchGifsInput>(async () => {
        throw new Error(`${id}: provide the fetchGifs actor`);
      }),
    },
    actions: {
      onError: (_, _params: { error: unknown }) => {},
      markLoaderVisible: assign({ isLoaderVisible: true }),
      markLoaderHidden: assign({ isLoaderVisible: false }),
      clearFeed: assign({ gifs: [], isFetching: false, isError: false, isDoneFetching: false }),
    },
    guards: {
      isLoaderVisible: ({ context }) => context.isLoaderVisible,
      reportsErrors: () => reportErrors,
      isSameLength: ({ context }, params: { length: number }) => params.length === context.gifs.length,
    },
    delays: { fetchDebounce: debounceMs },
  }).createMachine({
    id,
    context: { gifs: [], isFetching: false, isError: false, isLoaderVisible: false, isDoneFetching: false },
    initial: 'unstarted',
    on: {
      LOADER_VISIBLE: { actions: 'markLoaderVisible' },
      LOADER_HIDDEN: { actions: 'markLoaderHidden' },
      RESET: { target: '.checkingLoader', actions: 'clearFeed' },
    },
    states: {
      // The debounce merges the sentinel's comings and goings while someone scrolls. Before the first
      // page there is nothing to merge, so the first sighting fetches at once instead of delaying every
      // widget's first screen by the debounce. A RESET (a new source, e.g. each keystroke) still waits.
      unstarted: {
        on: { LOADER_VISIBLE: { target: 'fetching', actions: 'markLoaderVisible' } },
      },
      idle: {
        on: { LOADER_VISIBLE: { target: 'debouncing', actions: 'markLoaderVisible' } },
      },
      debouncing: {
        after: { fetchDebounce: 'fetching' },
        on: {
          // Re-entering restarts the timer, so a burst of triggers makes one fetch.
          LOADER_VISIBLE: { target: 'debouncing', reenter: true, actions: 'markLoaderVisible' },
          LOADER_HIDDEN: { target: 'idle', actions: 'markLoaderHidden' },
        },
      },
      fetching: {
        entry: assign({ isFetching: true, isError: false }),
        exit: assign({ isFetching: false }),
        invoke: {
          src: 'fetchGifs',
          input: ({ context }) => ({ offset: context.gifs.length }),
          onDone: [
            {
              guard: { type: 'isSameLength', params: ({ event }) => ({ length: event.output.length }) },
              target: 'done',
            },
            { target: 'checkingLoader', actions: assign({ gifs: ({ event }) => event.output }) },
          ],
          onError: [
            {
              guard: 'reportsErrors',
              target: 'failed',
              actions: [assign({ isError: true }), { type: 'onError', params: ({ event }) => ({ error: event.error }) }],
            },
            // Swallowed: wait for the sentinel to show again rather than retrying in a loop.
            { target: 'idle' },
          ],
        },
      },
      checkingLoader: {
        always: [{ guard: 'isLoaderVisible', target: 'debouncing' }, { target: 'idle' }],
      },
      // Only an explicit 'Try again' refetches, so a visible sentinel cannot cause a retry storm.
      failed: {
        on: { RETRY: 'fetching' },
      },
      done: {
        entry: assign({ isDoneFetching: true }),
      },
    },
  });
}

export type FeedMachine<TGif> = ReturnType<typeof createFeedMachine<TGif>>;

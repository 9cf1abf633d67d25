import { normalizeGif, type IGif, type LoopboxFetch, type WireGif } from '@loopbox/sdk';
import type { ContentState as GifState } from '@loopbox/pages';

/** What the GIF page shows: the GIF and, when others cannot see it as this viewer does, its state and why. */
export interface ShownGif {
  gif: IGif;
  restricted?: { state: GifState; notice: string };
}

/** The statuses the API refuses a GIF with, each its own error page. */
export type Refusal = 404 | 410 | 451;

export function refusalOf(error: unknown): Refusal | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 404 || status === 410 || status === 451 ? status : undefined;
}

/**
 * The GIF the server put in the page (`LOOPBOX_CONFIG.pageGif`) for a viewer who may see it when the
 * public API would refuse it (their own private GIF, one waiting for review…).
 */
function inlineGif(config: unknown): ShownGif | undefined {
  const pageGif = (config as { pageGif?: { gif?: Partial<WireGif> | null; state?: unknown; notice?: unknown } } | null)?.pageGif;
  const gif = pageGif?.gif;
  if (typeof gif?.id !== 'string' || typeof pageGif?.state !== 'string') return undefined;
  return {
    gif: normalizeGif({ ...gif, id: gif.id }),
    restricted: { state: pageGif.state as GifState, notice: typeof pageGif.notice === 'string' ? pageGif.notice : '' },
  };
}

export interface PageGifs {
  /** The inline GIF, on the first render of the page the server served for it only. */
  served(gifId: string): ShownGif | undefined;
  /**
   * The GIF from the public API; when the API refuses it and it is the inline GIF, the inline copy
   * (the viewer came back to it within the app: the server already said they may see it).
   */
  load(client: Pick<LoopboxFetch, 'gif'>, gifId: string): Promise<ShownGif>;
}

export function pageGifs(config: unknown): PageGifs {
  const inline = inlineGif(config);
  let fresh = true;
  const mine = (gifId: string) => (inline?.gif.id === gifId ? inline : undefined);
  return {
    served(gifId) {
      const first = fresh;
      fresh = false;
      return first ? mine(gifId) : undefined;
    },
    async load(client, gifId) {
      try {
        return { gif: (await client.gif(gifId)).data };
      } catch (error) {
        const fallback = refusalOf(error) ? mine(gifId) : undefined;
        if (fallback) return fallback;
        throw error;
      }
    },
  };
}

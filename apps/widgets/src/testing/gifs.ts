/** Test-only: normalised GIF items shaped like the server's. */
import type { IGif, IUser } from '@loopbox/sdk';

const rendition = (id: string, file: string, width: number, height: number) => ({
  width,
  height,
  url: `http://127.0.0.1/media/${id}/${file}.gif`,
  webp: `http://127.0.0.1/media/${id}/${file}.webp`,
  mp4: `http://127.0.0.1/media/${id}/${file}.mp4`,
});

export const publicUser: Partial<IUser> = {
  id: 7,
  username: 'Sports_Hub',
  display_name: 'Sports Hub',
  attribution_display_name: 'The Sports Hub',
  avatar_url: 'http://127.0.0.1/media/avatars/sports_hub/avatar.jpg',
  is_public: true,
  suppress_chrome: false,
  is_verified: true,
};

/** A 320x240 GIF (so 200 wide is 150 high) with every rendition the tile uses. */
export function makeGif(id: string, overrides: Partial<IGif> = {}): IGif {
  return {
    id,
    url: `http://127.0.0.1/gifs/${id}`,
    title: `GIF ${id}`,
    alt_text: `Alt of ${id}`,
    tags: ['fun'],
    analytics_response_payload: `payload-${id}`,
    images: {
      original: rendition(id, 'giphy', 320, 240),
      fixed_width: rendition(id, '200w', 200, 150),
      fixed_width_small: rendition(id, '100w', 100, 75),
      fixed_width_still: { width: 200, height: 150, url: `http://127.0.0.1/media/${id}/200w_s.gif` },
    },
    user: publicUser,
    is_anonymous: false,
    is_community: false,
    is_featured: false,
    is_hidden: false,
    is_indexable: true,
    is_preserve_size: false,
    is_realtime: false,
    is_removed: false,
    is_sticker: false,
    is_dynamic: false,
    ...overrides,
  };
}

/** A page of the gifPaginator's shape. */
export function page(gifs: IGif[], offset: number, total: number) {
  return { data: gifs, pagination: { offset, count: gifs.length, total_count: total }, meta: { status: 200, msg: 'OK', response_id: 'r' } };
}

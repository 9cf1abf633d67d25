import type { StoredImages, StoredRendition } from '../store/schema.ts';
import type { Built } from '@loopbox/contract/common';
import type { TenorMedia as TenorMediaSchema } from '@loopbox/contract/tenor';

export type TenorMedia = Built<typeof TenorMediaSchema>;

type Kind = 'gif' | 'mp4' | 'webp' | 'still';

/**
 * Each media format Tenor's (and KLIPY's Tenor-compatible) v2 API names, and the rendition it is
 * served from. `exact`: the same kind of file at the size Tenor describes; otherwise the nearest we
 * make (README, Tenor-compatible API). `sticker`: Tenor's transparent formats, offered for stickers
 * only ("not available in GIF search results"); a sticker's gif and webp keep its source's alpha.
 */
export const TENOR_FORMATS = {
  preview: { rendition: 'original', kind: 'still', exact: true }, // Tenor: a single-frame gif at the original size; ours is giphy_s.gif
  gif: { rendition: 'original', kind: 'gif', exact: true },
  mediumgif: { rendition: 'original', kind: 'gif', exact: false }, // Tenor: a reduced-size gif; ours are small already
  tinygif: { rendition: 'fixed_width', kind: 'gif', exact: false }, // Tenor: 220 wide; ours 200 wide
  nanogif: { rendition: 'fixed_height_small', kind: 'gif', exact: false }, // Tenor: 90 high; ours 100 high
  mp4: { rendition: 'original', kind: 'mp4', exact: true },
  loopedmp4: { rendition: 'original', kind: 'mp4', exact: false }, // Tenor: looped a few times; ours plays once
  tinymp4: { rendition: 'fixed_width', kind: 'mp4', exact: false },
  nanomp4: { rendition: 'fixed_height_small', kind: 'mp4', exact: false },
  webp: { rendition: 'original', kind: 'webp', exact: true },
  tinywebp: { rendition: 'fixed_width', kind: 'webp', exact: false },
  nanowebp: { rendition: 'fixed_height_small', kind: 'webp', exact: false },
  gifpreview: { rendition: 'original', kind: 'still', exact: true },
  tinygifpreview: { rendition: 'fixed_width', kind: 'still', exact: false },
  nanogifpreview: { rendition: 'fixed_height_small', kind: 'still', exact: false },
  gif_transparent: { rendition: 'original', kind: 'gif', exact: true, sticker: true },
  tinygif_transparent: { rendition: 'fixed_width', kind: 'gif', exact: false, sticker: true },
  nanogif_transparent: { rendition: 'fixed_height_small', kind: 'gif', exact: false, sticker: true },
  webp_transparent: { rendition: 'original', kind: 'webp', exact: true, sticker: true },
  tinywebp_transparent: { rendition: 'fixed_width', kind: 'webp', exact: false, sticker: true },
  nanowebp_transparent: { rendition: 'fixed_height_small', kind: 'webp', exact: false, sticker: true },
} as const satisfies Record<string, { rendition: string; kind: Kind; exact: boolean; sticker?: true }>;

export type TenorFormat = keyof typeof TENOR_FORMATS;
export const TENOR_FORMAT_NAMES = Object.keys(TENOR_FORMATS) as TenorFormat[];

/**
 * Formats Tenor's and KLIPY's documentation list that no rendition here can honestly be: we make no
 * webm. Like any other name we do not serve, `media_filter` ignores them.
 */
export const TENOR_UNSERVED_FORMATS = ['webm', 'tinywebm', 'nanowebm'] as const;

export const isTenorFormat = (name: string): name is TenorFormat => Object.hasOwn(TENOR_FORMATS, name);

/**
 * The media formats of one item, limited to `wanted` (all when absent); a format whose rendition
 * or file we do not have is left out, and the transparent formats are offered for stickers only.
 */
export function tenorMediaFormats(
  images: StoredImages,
  media: (file: string) => string,
  item: { durationSeconds: number; sticker: boolean },
  wanted: readonly TenorFormat[] = TENOR_FORMAT_NAMES,
): Partial<Record<TenorFormat, TenorMedia>> {
  const formats: Partial<Record<TenorFormat, TenorMedia>> = {};
  for (const name of wanted) {
    const format: { rendition: string; kind: Kind; sticker?: true } = TENOR_FORMATS[name];
    if (format.sticker && !item.sticker) continue;
    const source: StoredRendition | undefined = images[format.rendition];
    const file = source?.[format.kind];
    if (!source || !file) continue;
    formats[name] = {
      url: media(file.file),
      dims: [source.width, source.height],
      duration: format.kind === 'mp4' ? item.durationSeconds : 0,
      preview: source.still ? media(source.still.file) : '',
      size: file.size,
    };
  }
  return formats;
}

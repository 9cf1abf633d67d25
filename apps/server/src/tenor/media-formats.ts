import type { StoredImages, StoredRendition } from '../store/schema.ts';

export interface TenorMedia {
  url: string;
  /** [width, height] in pixels. */
  dims: [number, number];
  /** Seconds; 0 for images. */
  duration: number;
  /** A still of the same size (Tenor's `preview`). */
  preview: string;
  size: number;
}

type Kind = 'gif' | 'mp4' | 'webp' | 'still';

/**
 * Each Tenor media format and the rendition it is served from. `exact`: the same kind of file at
 * the size Tenor describes; otherwise the nearest we make (README, Tenor-compatible API).
 */
export const TENOR_FORMATS = {
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
} as const satisfies Record<string, { rendition: string; kind: Kind; exact: boolean }>;

export type TenorFormat = keyof typeof TENOR_FORMATS;
export const TENOR_FORMAT_NAMES = Object.keys(TENOR_FORMATS) as TenorFormat[];

/**
 * The media formats of one item, limited to `wanted` (all when absent); a format whose rendition
 * or file we do not have is left out. Tenor has webm formats; we make no webm, so none is offered.
 */
export function tenorMediaFormats(
  images: StoredImages,
  media: (file: string) => string,
  durationSeconds: number,
  wanted: readonly TenorFormat[] = TENOR_FORMAT_NAMES,
): Partial<Record<TenorFormat, TenorMedia>> {
  const formats: Partial<Record<TenorFormat, TenorMedia>> = {};
  for (const name of wanted) {
    const { rendition, kind } = TENOR_FORMATS[name];
    const source: StoredRendition | undefined = images[rendition];
    const file = source?.[kind];
    if (!source || !file) continue;
    formats[name] = {
      url: media(file.file),
      dims: [source.width, source.height],
      duration: kind === 'mp4' ? durationSeconds : 0,
      preview: source.still ? media(source.still.file) : '',
      size: file.size,
    };
  }
  return formats;
}

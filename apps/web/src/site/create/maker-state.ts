import type { CaptionAnimation, CaptionFont } from '@loopbox/pages';
import { del, get, set } from 'idb-keyval';
import { EMPTY_FIELDS, type UploadFields } from '../dashboard/upload-fields.ts';

/** Where the GIF comes from: a file the visitor picked (kept in IndexedDB), or a URL of this server's media. */
export type MakerSource = { kind: 'file'; name: string; video: boolean } | { kind: 'url'; url: string; video: boolean };

export interface CaptionLayer {
  text: string;
  font: CaptionFont;
  color: string;
  size: number;
  x: number;
  y: number;
  animation: CaptionAnimation;
}

export interface StickerLayer {
  id: string;
  /** The sticker's image, for the preview (the server draws it from its id). */
  preview: string;
  title: string;
  x: number;
  y: number;
  scale: number;
  rotation: number;
}

/** Everything the maker holds: kept in the session (and the picked file in IndexedDB) so signing in keeps the work. */
export interface MakerState {
  source: MakerSource | undefined;
  /** The source's length in seconds, once the preview knows it. */
  sourceDuration: number | undefined;
  trim: { start: number; duration: number };
  captions: CaptionLayer[];
  stickers: StickerLayer[];
  fields: UploadFields;
  /** Publish at this local time (a `datetime-local` value) instead of at once. */
  publishAt: string | undefined;
}

export const EMPTY_MAKER: MakerState = {
  source: undefined,
  sourceDuration: undefined,
  trim: { start: 0, duration: 3 },
  captions: [],
  stickers: [],
  fields: { ...EMPTY_FIELDS },
  publishAt: undefined,
};
export const NEW_CAPTION: CaptionLayer = { text: '', font: 'sans', color: '#ffffff', size: 0.12, x: 0.5, y: 0.85, animation: 'none' };

const STATE_KEY = 'loopbox:gif-maker';
const FILE_KEY = 'loopbox:gif-maker:file';

export function loadState(): MakerState {
  try {
    const saved = sessionStorage.getItem(STATE_KEY);
    return saved ? { ...EMPTY_MAKER, ...(JSON.parse(saved) as Partial<MakerState>) } : EMPTY_MAKER;
  } catch {
    return EMPTY_MAKER;
  }
}

export function saveState(state: MakerState): void {
  try {
    sessionStorage.setItem(STATE_KEY, JSON.stringify(state));
  } catch {
    /* storage full or off: the work stays for this page only */
  }
}

/** The maker's file in IndexedDB, so a reload keeps it; where storage is off or full, it stays for this page only. */
export const saveFile = (file: Blob | undefined) => (file ? set(FILE_KEY, file) : del(FILE_KEY)).catch(() => undefined);
export const loadFile = (): Promise<Blob | undefined> => get<Blob>(FILE_KEY).catch(() => undefined);

/** The declarative edit list the server renders (apps/server/src/imaging/edit-list.ts); a picked file travels beside it. */
export function editList(state: MakerState) {
  return {
    ...(state.source?.kind === 'url' ? { media_url: state.source.url } : {}),
    trim: { start: round(state.trim.start), duration: round(state.trim.duration) },
    captions: state.captions
      .filter((c) => c.text.trim())
      .map(({ text, font, color, size, x, y, animation }) => ({
        text,
        font,
        color,
        size: round(size),
        x: round(x),
        y: round(y),
        animation,
      })),
    stickers: state.stickers.map(({ id, x, y, scale, rotation }) => ({
      id,
      x: round(x),
      y: round(y),
      scale: round(scale),
      rotation: Math.round(rotation),
    })),
  };
}
const round = (n: number) => Math.round(n * 1000) / 1000;

/** The site GIF a URL source is media of (`…/media/{id}/…`), credited on the GIF made from it; none for a picked file. */
export function madeFromGifId(source: MakerSource | undefined): string | undefined {
  if (source?.kind !== 'url') return undefined;
  const path = source.url.replace(/^https?:\/\/[^/]+/i, '');
  return /^\/media\/([^/?#%\s]{1,64})\/[^/]+$/.exec(path)?.[1];
}

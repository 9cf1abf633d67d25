/**
 * What the API may send before normalisation: GIPHY's wire format (numbers as strings such as
 * "200", flags as 0/1) or data that is already clean. Each wire type is its clean type with
 * the normalised fields loosened, so normalising clean data again is valid (and a no-op).
 */
import type { ChannelFlag, GifFlag, ICategory, IChannel, IGif, IMeta, IRendition, IUser, IVideo, UserFlag } from './types.ts';

export type WireNumber = number | string;
export type WireFlag = boolean | number | string | null;

export type WireRendition = Omit<IRendition, 'width' | 'height'> & {
  width?: WireNumber;
  height?: WireNumber;
};

export type WireImages = Record<string, WireRendition | null | undefined>;

/** GIF tags arrive as strings or as tag objects carrying their text. */
export type WireTag = string | { text: string };

export type WireUser = Omit<IUser, UserFlag> & Partial<Record<UserFlag, WireFlag>>;

export type WireVideo = Omit<IVideo, 'assets' | 'previews'> & {
  assets?: WireImages;
  previews?: WireImages;
};

type NormalisedGifField = GifFlag | 'id' | 'tags' | 'images' | 'alt_text' | 'user' | 'video';

export type WireGif = Omit<IGif, NormalisedGifField> &
  Partial<Record<GifFlag, WireFlag>> & {
    id: WireNumber;
    tags?: WireTag[];
    images?: WireImages;
    alt_text?: string | null;
    user?: WireUser | null;
    video?: WireVideo | null;
  };

type NormalisedChannelField = ChannelFlag | 'id' | 'user' | 'featured_gif' | 'screensaver_gif' | 'ancestors' | 'children';

export type WireChannel = Omit<IChannel, NormalisedChannelField> &
  Partial<Record<ChannelFlag, WireFlag>> & {
    id: WireNumber;
    user?: WireUser | null;
    featured_gif?: WireGif | null;
    screensaver_gif?: WireGif | null;
    ancestors?: WireChannel[];
    children?: WireChannel[];
  };

export type WireCategory = Omit<ICategory, 'gif' | 'subcategories'> & {
  gif?: WireGif | null;
  subcategories?: WireCategory[];
};

/** A response envelope whose meta has been validated (see request.ts); data is not yet trusted. */
export interface WireEnvelope {
  data?: unknown;
  pagination?: unknown;
  meta: IMeta;
}

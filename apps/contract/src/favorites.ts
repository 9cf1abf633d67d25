import { z } from 'zod';
import { countedPage, enveloped, Gif, type Wire } from './common.ts';

/** A signed-in user's favorite GIFs. */

/** Whether a GIF is one of the caller's favorites, now (after a PUT or DELETE, what it became). */
export const FavoriteState = z.strictObject({ gif_id: z.string(), favorite: z.boolean() });
export type FavoriteState = Wire<typeof FavoriteState>;

export const FavoriteStateAnswer = enveloped(FavoriteState);
/** A GIPHY-shaped page of GIFs, newest favorite first. */
export const FavoritesAnswer = countedPage(Gif);
export type FavoritesAnswer = Wire<typeof FavoritesAnswer>;

import type { FavoritesAnswer, FavoriteState } from '@loopbox/contract/favorites';
import { normalizeGif, type IGif, type Page } from '@loopbox/sdk';
import { backendData, callBackend } from '../../shared/backend.ts';

const favoritePath = (gifId: string) => `/api/v1/favorites/${encodeURIComponent(gifId)}/`;

/** A page of the signed-in visitor's favorites, newest first, as the Grid widget pages (GIPHY's shape, normalised). */
export async function fetchFavorites(offset: number, limit: number): Promise<Page<IGif>> {
  const answer = await callBackend<FavoritesAnswer>(
    'GET',
    `/api/v1/favorites/?${new URLSearchParams({ offset: String(offset), limit: String(limit) })}`,
  );
  return { data: answer.data.map(normalizeGif), pagination: answer.pagination };
}

export const isFavorite = async (gifId: string) => (await backendData<FavoriteState>('GET', favoritePath(gifId))).favorite;
export const setFavorite = async (gifId: string, favorite: boolean) =>
  (await backendData<FavoriteState>(favorite ? 'PUT' : 'DELETE', favoritePath(gifId))).favorite;

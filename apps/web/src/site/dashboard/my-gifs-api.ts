import type { MyGifsEntry, MyGifsPage, MyGifTombstone } from '@loopbox/contract/gif-management';
import { backendData } from '../../shared/backend.ts';

/** My GIFs' calls; the answers are typed by the contract. */
export type { MyGif, MyGifsEntry, MyGifsPage, MyGifTombstone, Visibility } from '@loopbox/contract/gif-management';

export const isTombstone = (entry: MyGifsEntry): entry is MyGifTombstone => entry.tombstone;

export interface MyGifsFilters {
  q: string;
  type: string;
  /** The policy state (a GIF the moderators hid is `hidden`, whatever its owner chose). */
  state: string;
  offset: number;
}

export async function fetchMyGifs(f: MyGifsFilters): Promise<MyGifsPage> {
  const query = new URLSearchParams({ offset: String(f.offset) });
  if (f.q) query.set('q', f.q);
  if (f.type) query.set('type', f.type);
  if (f.state) query.set('state', f.state);
  const res = await fetch(`/api/v1/my-gifs/?${query}`, { credentials: 'same-origin' });
  const body = (await res.json()) as MyGifsPage & { meta?: { msg?: string } };
  if (!res.ok) throw new Error(body.meta?.msg ?? `HTTP ${res.status}`);
  return body;
}

export const saveGif = (id: string, changes: Record<string, unknown>) => backendData('PATCH', `/api/v1/gifs/${id}/`, { json: changes });
export const removeGif = (id: string) => backendData('DELETE', `/api/v1/gifs/${id}/`);
export const bulkEdit = (body: { gif_ids: string[]; add_tags?: string[]; remove_tags?: string[]; rating?: string }) =>
  backendData('POST', '/api/v1/gifs/bulk/', { json: body });
export const addLanguageTags = (id: string, lang: string, tags: string) =>
  backendData('POST', `/ajax/gif/${id}/language-tags`, { json: { lang, tags } });
export const removeLanguageTag = (id: string, lang: string, tag: string) =>
  backendData('DELETE', `/ajax/gif/${id}/language-tags`, { json: { lang, tag } });
/** The call to action (SPEC 5: a PUT when text is given, otherwise a DELETE), on the public API as the session. */
export const setCta = (id: string, link: string, text: string) =>
  text.trim() ? backendData('PUT', `/v1/gifs/${id}/cta`, { json: { link, text } }) : backendData('DELETE', `/v1/gifs/${id}/cta`);

export const LANGUAGES = ['es', 'fr', 'de', 'it', 'pt', 'nl', 'sv', 'pl', 'tr', 'ru', 'ar', 'hi', 'ja', 'ko', 'zh'] as const;

import type { Kysely } from 'kysely';
import { ANONYMOUS_VIEWER, accessTo, mayOpen, type ViewerContext } from '../content-policy/access.ts';
import type { StateColumns } from '../content-policy/states.ts';
import { createUnchangedMemo } from '../content/unchanged-memo.ts';
import { gifStateRow, type Refusal } from '../content-policy/refusal.ts';
import type { Database } from '../store/schema.ts';
import { MEDIA_STATES_KEPT, OTHER_MEDIA_FOLDERS, TEXT_RENDER_DIR } from './constants.ts';

/**
 * Who may have a media file: anyone (`public`: it may be cached anywhere), only the viewer who asked
 * (`private`: the owner or staff of a GIF others may not open), or no one here (the policy's refusal).
 */
export type MediaAccess = 'public' | 'private' | Refusal;

/** The GIF a media path (below `/media/`) is a file of; null for the folders of other media, which anyone may open. */
export function mediaGifId(relative: string): string | null {
  const folder = relative.slice(0, relative.indexOf('/'));
  return OTHER_MEDIA_FOLDERS.includes(folder) || TEXT_RENDER_DIR.test(folder) ? null : folder;
}

/** A GIF's state and owner as the media door reads them; null for no such GIF. */
export type GifStateOf = (gifId: string) => Promise<(StateColumns & { user_id: number | null }) | null>;

/**
 * One primary-key read of a GIF's state per call; with the store's change count (the embedded
 * store's, Store.contentChanges), reads are kept until any GIF changes, so a state change is seen by
 * the very next request, and a burst of misses for one GIF's renditions costs one read.
 */
export function gifStates(db: Kysely<Database>, contentChanges?: () => number): GifStateOf {
  const memo = createUnchangedMemo<(StateColumns & { user_id: number | null }) | null>(contentChanges, MEDIA_STATES_KEPT);
  return (gifId) => memo.read(gifId, () => gifStateRow(db, gifId));
}

/**
 * The content policy at the media door for a file of `gifId` (mediaGifId): the GIF's state as
 * anyone sees it; only when anyone may not open it is `viewer` asked (a session or token lookup),
 * so the owner and staff still get their own files. A viewer that cannot be resolved (a bad token)
 * is anyone: the answer must not tell a private GIF from an unknown id.
 */
export async function mediaAccess(stateOf: GifStateOf, gifId: string | null, viewer?: () => Promise<ViewerContext>): Promise<MediaAccess> {
  if (gifId === null) return 'public';
  const row = await stateOf(gifId);
  if (!row) return 404;
  const anyone = accessTo(row, ANONYMOUS_VIEWER);
  if (mayOpen(anyone)) return 'public';
  if (!viewer) return anyone;
  const theirs = accessTo(row, await viewer().catch(() => ANONYMOUS_VIEWER));
  return mayOpen(theirs) ? 'private' : theirs;
}

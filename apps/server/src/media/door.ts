import type { Kysely } from 'kysely';
import { ANONYMOUS_VIEWER, accessTo, mayOpen, type ViewerContext } from '../content-policy/access.ts';
import type { Refusal } from '../content-policy/refusal.ts';
import type { Database } from '../store/schema.ts';
import { OTHER_MEDIA_FOLDERS, TEXT_RENDER_DIR } from './constants.ts';

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

/**
 * The content policy at the media door for a file of `gifId` (mediaGifId): one primary-key read of
 * the GIF's state, as anyone sees it; only when anyone may not open it is `viewer` asked (a session
 * or token lookup), so the owner and staff still get their own files. A viewer that cannot be
 * resolved (a bad token) is anyone: the answer must not tell a private GIF from an unknown id.
 */
export async function mediaAccess(db: Kysely<Database>, gifId: string | null, viewer?: () => Promise<ViewerContext>): Promise<MediaAccess> {
  if (gifId === null) return 'public';
  const row = await db.selectFrom('gifs as g').select(['g.visibility', 'g.moderation_state', 'g.removal', 'g.user_id']).where('g.id', '=', gifId).executeTakeFirst();
  if (!row) return 404;
  const anyone = accessTo(row, ANONYMOUS_VIEWER);
  if (mayOpen(anyone)) return 'public';
  if (!viewer) return anyone;
  const theirs = accessTo(row, await viewer().catch(() => ANONYMOUS_VIEWER));
  return mayOpen(theirs) ? 'private' : theirs;
}

import type { Kysely } from 'kysely';
import { authorViewer, openScope, type ViewerContext } from '../content-policy/access.ts';
import type { Database } from '../store/schema.ts';

/** The credit a GIF made in the GIF maker carries in the API (`source_gif`): the GIF it was made from and that GIF's author. */
export interface SourceGifCredit {
  id: string;
  /** The source GIF's page. */
  url: string;
  title: string;
  /** The source's author, when public ('' otherwise). */
  username: string;
  /** The author's profile page ('' when there is no public author). */
  profile_url: string;
}

/**
 * Records that an upload was made from `sourceId`, in the upload's commit. Only a GIF its creator
 * may open is credited (a private GIF of someone else's is not named); otherwise nothing is kept.
 * Answers the credited id, for the upload's event.
 */
export async function recordMadeFrom(
  trx: Kysely<Database>,
  gifId: string,
  userId: number,
  sourceId: string | undefined,
): Promise<string | undefined> {
  if (!sourceId || sourceId === gifId) return undefined;
  const source = await trx
    .selectFrom('gifs as g')
    .select('g.id')
    .where('g.id', '=', sourceId)
    .where(openScope(authorViewer(userId)))
    .executeTakeFirst();
  if (!source) return undefined;
  await trx.updateTable('gifs').set({ made_from: source.id }).where('id', '=', gifId).execute();
  return source.id;
}

/** The GIF another was made from, with what its credit says of its author. */
export interface MadeFromSource {
  id: string;
  slug: string;
  title: string;
  username: string | null;
  is_public: boolean | null;
}

/**
 * The GIF `gifId` was made from, when `viewer` may open it (the content policy,
 * content-policy/access.ts); null otherwise or when there is none.
 */
export async function madeFromSource(db: Kysely<Database>, gifId: string, viewer: ViewerContext): Promise<MadeFromSource | null> {
  const row = await db
    .selectFrom('gifs as made')
    .innerJoin('gifs as g', 'g.id', 'made.made_from')
    .leftJoin('users', 'users.id', 'g.user_id')
    .select(['g.id', 'g.slug', 'g.title', 'users.username', 'users.is_public'])
    .where('made.id', '=', gifId)
    .where(openScope(viewer))
    .executeTakeFirst();
  return row ?? null;
}

/** The credit naming a GIF's source, with links at `origin`. */
export function sourceCredit(source: MadeFromSource, origin: string): SourceGifCredit {
  const username = source.username && source.is_public ? source.username : '';
  // A hidden author's slug starts with their name: their GIF is linked by its id alone.
  return {
    id: source.id,
    url: `${origin}/gifs/${username || !source.username ? source.slug : source.id}`,
    title: source.title,
    username,
    profile_url: username ? `${origin}/${username}/` : '',
  };
}

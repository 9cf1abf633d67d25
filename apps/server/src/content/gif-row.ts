import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, GifsTable, Rating, UsersTable } from '../store/schema.ts';
import { ratingRank } from '@loopbox/contract/ratings';
import { listedScope } from '../content-policy/access.ts';
import type { SourceGifCredit } from '../made-from/credit.ts';

/** A user as read through to_jsonb: timestamps arrive as ISO strings. */
export type UserRow = Omit<Selectable<UsersTable>, 'created_at'> & { created_at: string | Date };
/** What a GIF is presented from: every column of `gifs` but its search vector, which only ranking reads (through sql). */
type RowColumn = Exclude<keyof GifsTable, 'search'>;
const ROW_COLUMNS = [
  'g.id',
  'g.type',
  'g.slug',
  'g.title',
  'g.alt_text',
  'g.rating',
  'g.rating_rank',
  'g.user_id',
  'g.source',
  'g.tags',
  'g.featured_tags',
  'g.is_hidden',
  'g.is_removed',
  'g.is_anonymous',
  'g.is_community',
  'g.is_featured',
  'g.is_realtime',
  'g.is_dynamic',
  'g.is_indexable',
  'g.is_preserve_size',
  'g.images',
  'g.video',
  'g.external_media',
  'g.cta',
  'g.emoji_group_id',
  'g.variation',
  'g.variation_of',
  'g.category',
  'g.subcategory',
  'g.trending_datetime',
  'g.import_datetime',
  'g.create_datetime',
  'g.update_datetime',
  'g.visibility',
  'g.moderation_state',
  'g.removal',
  'g.removed_at',
  'g.media_deleted_at',
  'g.decided_by',
  'g.locked_fields',
  'g.made_from',
] as const satisfies readonly `g.${RowColumn}`[];
/** Fails to compile when a column of GifsTable is neither read nor the search vector. */
type NoneUnread<Unread extends never> = Unread;
export type EveryRowColumnRead = NoneUnread<Exclude<`g.${RowColumn}`, (typeof ROW_COLUMNS)[number]>>;

/** `source_gif`: the GIF maker's credit, on answers about one GIF (made-from/credit.ts). */
export type GifRow = Selectable<Pick<GifsTable, RowColumn>> & { user: UserRow | null; source_gif?: SourceGifCredit | null };

/** The joined `users` row as one JSON column; a hidden user (is_public false) never leaves the store in a public read. */
export const publicUserJson = sql<UserRow | null>`CASE WHEN users.id IS NULL OR NOT users.is_public THEN NULL ELSE to_jsonb(users.*) END`;

/** Slugs begin with the author's username; a hidden author's is cut off (this later `slug` column wins over g.slug). */
const publicSlug = sql<string>`CASE WHEN NOT users.is_public AND starts_with(g.slug, lower(users.username) || '-') THEN substr(g.slug, length(users.username) + 2) ELSE g.slug END`;

/** Every GIF read joins its author the same way, as one JSON column. */
export function selectGifs(db: Kysely<Database>) {
  return db
    .selectFrom('gifs as g')
    .leftJoin('users', 'users.id', 'g.user_id')
    .select(ROW_COLUMNS)
    .select([publicUserJson.as('user'), publicSlug.as('slug')]);
}

/**
 * What every public listing filters by: listed for anyone (content-policy/access.ts), and no more
 * mature than the requested rating (`rating_rank`, contract/ratings.ts). Over `g`, in `gifs` or
 * in its search copy `gif_search`.
 */
export function visibleUpTo(rating: Rating) {
  return sql<boolean>`${listedScope} AND g.rating_rank <= ${ratingRank(rating)}`;
}

/** The full rows for a page of ids, in the order given: rankings run over ids alone, rows are read once. */
export async function rowsInOrder(db: Kysely<Database>, ids: readonly string[]): Promise<GifRow[]> {
  if (ids.length === 0) return [];
  const rows = await selectGifs(db)
    .where('g.id', 'in', [...ids])
    .execute();
  const order = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}

import { sql, type Kysely } from 'kysely';
import type { Database, Rating } from '../store/schema.ts';
import { selectGifs, visibleUpTo, type GifRow } from './gif-row.ts';
import { listedScope } from '../content-policy/access.ts';
import type { Page } from './search.ts';

export interface CategoryWithGif {
  slug: string;
  name: string;
  parent_slug: string | null;
  gif: GifRow | null;
}

/** A category as stored: its featured GIF by id. */
export interface CategoryRow {
  slug: string;
  name: string;
  parent_slug: string | null;
  featured_gif_id: string | null;
}

/** Categories under a parent (null for the top level), in their order. */
export function categoryRows(db: Kysely<Database>, parent: string | null): Promise<CategoryRow[]> {
  return db
    .selectFrom('categories')
    .select(['slug', 'name', 'parent_slug', 'featured_gif_id'])
    .where((eb) => (parent === null ? eb('parent_slug', 'is', null) : eb('parent_slug', '=', parent)))
    .orderBy('position')
    .execute();
}

/** Categories under a parent (null for the top level), each with its featured GIF's row when it is listed. */
export async function listCategories(db: Kysely<Database>, parent: string | null): Promise<CategoryWithGif[]> {
  const categories = await categoryRows(db, parent);
  const featuredIds = categories.map((c) => c.featured_gif_id).filter((id): id is string => id !== null);
  const gifs = featuredIds.length ? await selectGifs(db).where('g.id', 'in', featuredIds).where(listedScope).execute() : [];
  const byId = new Map(gifs.map((g) => [g.id, g]));
  return categories.map((c) => ({
    slug: c.slug,
    name: c.name,
    parent_slug: c.parent_slug,
    gif: c.featured_gif_id ? (byId.get(c.featured_gif_id) ?? null) : null,
  }));
}

export interface CategoryInTree extends CategoryRow {
  subcategories: { slug: string; name: string }[];
}

/**
 * The top-level categories from `offset`, each with its subcategories' names, and how many there
 * are: one read whatever the number of categories (their featured GIFs are the answer's to serve).
 */
export async function categoryTree(
  db: Kysely<Database>,
  page: { limit: number; offset: number },
): Promise<{ categories: CategoryInTree[]; total: number }> {
  const all = await db.selectFrom('categories').select(['slug', 'name', 'parent_slug', 'featured_gif_id']).orderBy('position').execute();
  const top = all.filter((c) => c.parent_slug === null);
  const categories = top.slice(page.offset, page.offset + page.limit).map((c) => ({
    ...c,
    subcategories: all.filter((s) => s.parent_slug === c.slug).map(({ slug, name }) => ({ slug, name })),
  }));
  return { categories, total: top.length };
}

/** A category's (or, with its parent, a subcategory's) name; undefined when there is none. */
export async function categoryName(db: Kysely<Database>, slug: string, parent: string | null): Promise<string | undefined> {
  const row = await db
    .selectFrom('categories')
    .select('name')
    .where('slug', '=', slug)
    .where((eb) => (parent === null ? eb('parent_slug', 'is', null) : eb('parent_slug', '=', parent)))
    .executeTakeFirst();
  return row?.name;
}

export async function categoryExists(db: Kysely<Database>, slug: string, parent: string | null): Promise<boolean> {
  return (await categoryName(db, slug, parent)) !== undefined;
}

export async function categoryGifs(
  db: Kysely<Database>,
  input: { category: string; subcategory: string; rating: Rating; limit: number; offset: number },
): Promise<Page<GifRow>> {
  const rows = await selectGifs(db)
    .select(sql<string>`count(*) OVER ()`.as('total_count'))
    .where(visibleUpTo(input.rating))
    .where('g.category', '=', input.category)
    .where('g.subcategory', '=', input.subcategory)
    .orderBy('g.import_datetime', 'desc')
    .orderBy('g.id')
    .limit(input.limit)
    .offset(input.offset)
    .execute();
  return { rows: rows.map(({ total_count: _, ...r }) => r), total: rows[0] ? Number(rows[0].total_count) : 0 };
}

/** Default emoji (one per group) with how many variations each has. */
export async function listEmoji(
  db: Kysely<Database>,
  input: { limit: number; offset: number },
): Promise<Page<GifRow & { variation_count: number }>> {
  const rows = await selectGifs(db)
    .select(sql<string>`count(*) OVER ()`.as('total_count'))
    .select(
      sql<number>`(SELECT count(*)::int FROM gifs v WHERE v.variation_of = g.id AND NOT v.is_removed AND NOT v.is_hidden)`.as(
        'variation_count',
      ),
    )
    .where('g.type', '=', 'emoji')
    .where(listedScope)
    .orderBy('g.emoji_group_id')
    .orderBy('g.id')
    .limit(input.limit)
    .offset(input.offset)
    .execute();
  return { rows: rows.map(({ total_count: _, ...r }) => r), total: rows[0] ? Number(rows[0].total_count) : 0 };
}

/** The variations of a default emoji, or null when the id is not a default emoji. */
export async function emojiVariations(db: Kysely<Database>, id: string): Promise<GifRow[] | null> {
  const base = await db.selectFrom('gifs').select('id').where('id', '=', id).where('type', '=', 'emoji').executeTakeFirst();
  if (!base) return null;
  return selectGifs(db).where('g.variation_of', '=', id).where(listedScope).orderBy('g.variation').execute();
}

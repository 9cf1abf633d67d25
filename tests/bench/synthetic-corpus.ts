import { sql, type Kysely } from 'kysely';
import { createRandom } from '../../apps/server/src/seed/random.ts';
import type { Database } from '../../apps/server/src/store/schema.ts';

const BATCH = 5000;
const RATINGS = ['g', 'g', 'g', 'pg', 'pg', 'pg-13', 'r'];

/** A vocabulary of pronounceable made-up words, so search terms hit realistic, skewed result sizes. */
export function vocabulary(size = 3000): string[] {
  const random = createRandom(42);
  const syllables = [
    'ba',
    'ko',
    'ri',
    'ta',
    'lu',
    'me',
    'zo',
    'ne',
    'pi',
    'sa',
    'du',
    'fe',
    'go',
    'hi',
    'ja',
    'ky',
    'lo',
    'mu',
    'no',
    'pe',
  ];
  const words = new Set<string>(['cat', 'dog', 'pizza', 'happy', 'dance', 'party', 'love', 'wow', 'coffee', 'goal']);
  while (words.size < size) words.add(Array.from({ length: random.int(2, 4) }, () => random.pick(syllables)).join(''));
  return [...words];
}

/** Zipf-like pick: a few words are very common, most are rare. */
function skewedPick(random: ReturnType<typeof createRandom>, words: string[]): string {
  return words[Math.floor(words.length * random.next() ** 3)] as string;
}

/** A demo GIF's rendition map (every size GIPHY clients ask for), shared by every synthetic row. */
const REALISTIC_RENDITIONS = {
  original: {
    width: 400,
    height: 224,
    gif: { file: 'giphy.gif', size: 71165 },
    webp: { file: 'giphy.webp', size: 39630 },
    mp4: { file: 'giphy.mp4', size: 16607 },
    still: { file: 'giphy_s.gif', size: 18462 },
    frames: 12,
    hash: '5340e40aa24c4ac5bf121acaca1643c5',
  },
  fixed_height: {
    width: 358,
    height: 200,
    gif: { file: '200.gif', size: 74558 },
    webp: { file: '200.webp', size: 34002 },
    mp4: { file: '200.mp4', size: 13171 },
    still: { file: '200_s.gif', size: 17376 },
  },
  fixed_width: {
    width: 200,
    height: 112,
    gif: { file: '200w.gif', size: 32221 },
    webp: { file: '200w.webp', size: 19162 },
    mp4: { file: '200w.mp4', size: 7913 },
    still: { file: '200w_s.gif', size: 8033 },
  },
  fixed_height_small: {
    width: 178,
    height: 100,
    gif: { file: '100.gif', size: 28504 },
    webp: { file: '100.webp', size: 16402 },
    mp4: { file: '100.mp4', size: 7458 },
    still: { file: '100_s.gif', size: 7050 },
  },
  fixed_width_small: {
    width: 100,
    height: 56,
    gif: { file: '100w.gif', size: 13015 },
    webp: { file: '100w.webp', size: 9028 },
    mp4: { file: '100w.mp4', size: 4378 },
    still: { file: '100w_s.gif', size: 3457 },
  },
  hd: { width: 400, height: 224, mp4: { file: 'giphy-hd.mp4', size: 31767 } },
  '480w_still': { width: 480, height: 268, still: { file: '480w_s.jpg', size: 5239 } },
};
const USERS = 1000;

/** USERS creators (a few hidden), so most answers carry a user object as real ones do. */
async function benchUsers(db: Kysely<Database>): Promise<number[]> {
  const names = Array.from({ length: USERS }, (_, i) => `bench_user_${i}`);
  const rows = await sql<{ id: number }>`
    INSERT INTO users (username, display_name, is_public, is_verified)
    SELECT n, initcap(replace(n, '_', ' ')), i % 50 <> 0, i % 7 = 0 FROM unnest(${names}::text[]) WITH ORDINALITY AS t(n, i)
    ON CONFLICT (username) DO UPDATE SET username = EXCLUDED.username
    RETURNING id`.execute(db);
  return rows.rows.map((r) => r.id);
}

/**
 * Inserts `count` GIF rows sharing one full rendition map (the bench measures queries and answers, not media),
 * in batches through unnest, then analyses the table. Returns the vocabulary used.
 * Like any bulk load, it drops the secondary indexes of `gifs` and its search copy first and recreates them from their
 * own definitions afterwards: maintaining GIN indexes row by row makes the load many times slower.
 */
export async function buildSyntheticCorpus(db: Kysely<Database>, count: number): Promise<string[]> {
  const indexes = await sql<{ name: string; definition: string }>`
    SELECT indexname AS name, indexdef AS definition FROM pg_indexes
    WHERE tablename IN ('gifs', 'gif_search') AND indexname NOT IN ('gifs_pkey', 'gif_search_pkey')`.execute(db);
  for (const index of indexes.rows) await sql`DROP INDEX ${sql.id(index.name)}`.execute(db);
  const words = vocabulary();
  const random = createRandom(7);
  const images = JSON.stringify(REALISTIC_RENDITIONS);
  const userIds = await benchUsers(db);
  const now = Date.now();
  for (let start = 0; start < count; start += BATCH) {
    const n = Math.min(BATCH, count - start);
    const ids: string[] = [],
      titles: string[] = [],
      tags: string[] = [],
      ratings: string[] = [],
      trending: (string | null)[] = [],
      types: string[] = [],
      users: (number | null)[] = [];
    for (let i = 0; i < n; i++) {
      const k = start + i;
      ids.push(`synth${k.toString(36).padStart(8, '0')}`);
      titles.push(`${skewedPick(random, words)} ${skewedPick(random, words)} GIF`);
      tags.push(Array.from({ length: random.int(3, 8) }, () => skewedPick(random, words)).join(','));
      ratings.push(random.pick(RATINGS));
      trending.push(random.chance(0.1) ? new Date(now - random.int(0, 30 * 86_400_000)).toISOString() : null);
      types.push(random.chance(0.8) ? 'gif' : 'sticker');
      users.push(random.chance(0.7) ? (userIds[random.int(0, userIds.length - 1)] as number) : null);
    }
    await sql`
      INSERT INTO gifs (id, type, slug, title, tags, rating, trending_datetime, images, user_id)
      SELECT id, type, id, title, string_to_array(tags, ','), rating, trending, ${images}::jsonb, user_id
      FROM unnest(${ids}::text[], ${types}::text[], ${titles}::text[], ${tags}::text[], ${ratings}::text[], ${trending}::timestamptz[], ${users}::integer[])
        AS t(id, type, title, tags, rating, trending, user_id)`.execute(db);
  }
  for (const index of indexes.rows) await sql.raw(index.definition).execute(db);
  await sql`ANALYZE gifs, gif_search`.execute(db);
  return words;
}

/**
 * What an operator does after a bulk load, so the bench measures a library in service rather than one
 * just written: VACUUM sets every row's hint bits and the visibility map (else the first read of each
 * row dirties its page, and at 1,000,000 GIFs a first sight of 25 writes pages back), and CHECKPOINT
 * writes the load's dirty pages now rather than during the measured rows. Both stores alike.
 */
export async function settleAfterLoad(db: Kysely<Database>): Promise<void> {
  await sql`VACUUM ANALYZE`.execute(db);
  await sql`CHECKPOINT`.execute(db);
}

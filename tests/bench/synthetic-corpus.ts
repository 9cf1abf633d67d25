import { sql, type Kysely } from 'kysely';
import { createRandom } from '../../apps/server/src/seed/random.ts';
import type { Database } from '../../apps/server/src/store/schema.ts';

const BATCH = 5000;
const RATINGS = ['g', 'g', 'g', 'pg', 'pg', 'pg-13', 'r'];

/** A vocabulary of pronounceable made-up words, so search terms hit realistic, skewed result sizes. */
export function vocabulary(size = 3000): string[] {
  const random = createRandom(42);
  const syllables = ['ba', 'ko', 'ri', 'ta', 'lu', 'me', 'zo', 'ne', 'pi', 'sa', 'du', 'fe', 'go', 'hi', 'ja', 'ky', 'lo', 'mu', 'no', 'pe'];
  const words = new Set<string>(['cat', 'dog', 'pizza', 'happy', 'dance', 'party', 'love', 'wow', 'coffee', 'goal']);
  while (words.size < size) words.add(Array.from({ length: random.int(2, 4) }, () => random.pick(syllables)).join(''));
  return [...words];
}

/** Zipf-like pick: a few words are very common, most are rare. */
function skewedPick(random: ReturnType<typeof createRandom>, words: string[]): string {
  return words[Math.floor(words.length * random.next() ** 3)] as string;
}

/**
 * Inserts `count` GIF rows sharing one rendition map (the bench measures queries, not media),
 * in batches through unnest, then analyses the table. Returns the vocabulary used.
 * Like any bulk load, it drops the table's secondary indexes first and recreates them from their
 * own definitions afterwards: maintaining GIN indexes row by row makes the load many times slower.
 */
export async function buildSyntheticCorpus(db: Kysely<Database>, count: number): Promise<string[]> {
  const indexes = await sql<{ name: string; definition: string }>`
    SELECT indexname AS name, indexdef AS definition FROM pg_indexes
    WHERE tablename = 'gifs' AND indexname <> 'gifs_pkey'`.execute(db);
  for (const index of indexes.rows) await sql`DROP INDEX ${sql.id(index.name)}`.execute(db);
  const words = vocabulary();
  const random = createRandom(7);
  const images = JSON.stringify({ original: { width: 400, height: 300, gif: { file: 'giphy.gif', size: 1 } } });
  const now = Date.now();
  for (let start = 0; start < count; start += BATCH) {
    const n = Math.min(BATCH, count - start);
    const ids: string[] = [], titles: string[] = [], tags: string[] = [], ratings: string[] = [], trending: (string | null)[] = [], types: string[] = [];
    for (let i = 0; i < n; i++) {
      const k = start + i;
      ids.push(`synth${k.toString(36).padStart(8, '0')}`);
      titles.push(`${skewedPick(random, words)} ${skewedPick(random, words)} GIF`);
      tags.push(Array.from({ length: random.int(3, 8) }, () => skewedPick(random, words)).join(','));
      ratings.push(random.pick(RATINGS));
      trending.push(random.chance(0.1) ? new Date(now - random.int(0, 30 * 86_400_000)).toISOString() : null);
      types.push(random.chance(0.8) ? 'gif' : 'sticker');
    }
    await sql`
      INSERT INTO gifs (id, type, slug, title, tags, rating, trending_datetime, images)
      SELECT id, type, id, title, string_to_array(tags, ','), rating, trending, ${images}::jsonb
      FROM unnest(${ids}::text[], ${types}::text[], ${titles}::text[], ${tags}::text[], ${ratings}::text[], ${trending}::timestamptz[])
        AS t(id, type, title, tags, rating, trending)`.execute(db);
  }
  for (const index of indexes.rows) await sql.raw(index.definition).execute(db);
  await sql`ANALYZE gifs`.execute(db);
  return words;
}

import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { NewEvent } from '../store/events.ts';
import { KNOWN_GIFS_CACHE_SIZE } from './constants.ts';

/** Events naming a GIF are counted only when the GIF exists; ids found are remembered. */
export function knownGifs(db: Kysely<Database>) {
  let known = new Set<string>();
  return {
    /** The ids among these that name no GIF in the store. */
    async missing(events: readonly NewEvent[]): Promise<Set<string>> {
      const unknown = [...new Set(events.filter((e) => e.stream === 'gif' && !known.has(e.streamId)).map((e) => e.streamId))];
      if (unknown.length === 0) return new Set();
      const found = await db.selectFrom('gifs').select('id').where('id', 'in', unknown).execute();
      if (known.size + found.length > KNOWN_GIFS_CACHE_SIZE) known = new Set();
      for (const row of found) known.add(row.id);
      return new Set(unknown.filter((id) => !known.has(id)));
    },
  };
}

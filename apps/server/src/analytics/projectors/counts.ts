import { addCounters, foldCounters, PINGBACK_COUNTED_TYPES } from './counters.ts';
import { ownersOf } from './owners.ts';
import type { Projector } from './projector.ts';

/** Views (SEEN), clicks, hovers and starts per GIF and per GIF owner. */
export const countsProjector: Projector = {
  name: 'counts',
  eventTypes: PINGBACK_COUNTED_TYPES,
  tables: ['gif_counts', 'user_counts'],
  async apply(trx, events) {
    const owners = await ownersOf(
      trx,
      events.map((e) => e.streamId),
    );
    await addCounters(
      trx,
      { table: 'gif_counts', keys: [{ column: 'gif_id', type: 'text' }] },
      foldCounters(events, (e) => [[e.streamId]]),
    );
    const byUser = foldCounters(events, (e) => {
      const owner = owners.get(e.streamId);
      return owner === undefined ? [] : [[owner]];
    });
    await addCounters(trx, { table: 'user_counts', keys: [{ column: 'user_id', type: 'integer' }] }, byUser);
  },
};

import { addCounters, foldCounters, PINGBACK_COUNTED_TYPES } from './counters.ts';
import { ownersOf } from './owners.ts';
import { pageTypeOfAttributes } from './page-type.ts';
import { dayOf, type Projector } from './projector.ts';

const day = { column: 'day', type: 'date' } as const;

/** Daily series (UTC days, by the event's time) per GIF, per GIF owner and per page type. */
export const dailyProjector: Projector = {
  name: 'daily',
  eventTypes: PINGBACK_COUNTED_TYPES,
  tables: ['gif_daily', 'user_daily', 'page_type_daily'],
  async apply(trx, events) {
    const owners = await ownersOf(
      trx,
      events.map((e) => e.streamId),
    );
    await addCounters(
      trx,
      { table: 'gif_daily', keys: [{ column: 'gif_id', type: 'text' }, day] },
      foldCounters(events, (e) => [[e.streamId, dayOf(e.ts)]]),
    );
    const byUser = foldCounters(events, (e) => {
      const owner = owners.get(e.streamId);
      return owner === undefined ? [] : [[owner, dayOf(e.ts)]];
    });
    await addCounters(trx, { table: 'user_daily', keys: [{ column: 'user_id', type: 'integer' }, day] }, byUser);
    const byPage = foldCounters(events, (e) => [[pageTypeOfAttributes(e.payload.attributes), dayOf(e.ts)]]);
    await addCounters(trx, { table: 'page_type_daily', keys: [{ column: 'page_type', type: 'text' }, day] }, byPage);
  },
};

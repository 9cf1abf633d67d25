import { NOTICES_PAGE } from '@loopbox/pages';
import { sql, type Kysely } from 'kysely';
import { accountsDb } from '../accounts/schema.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { LinkOrigin } from '../mail/link-origin.ts';
import type { Database } from '../store/schema.ts';
import { NOTICE_EVENT_TYPES, NOTICES_REPLAY_BATCH } from './constants.ts';
import { noticeOf, type NoticeDraft, type NoticeSourceEvent } from './derive.ts';
import { noticeMessage } from './messages.ts';
import { noticesDb } from './schema.ts';

/** A recorded notice as mailing needs it. */
interface Recorded extends NoticeDraft {
  owner: number;
}

/**
 * Inserts the notices these logged events make, each for its GIF's owner (none for a GIF without one,
 * nor for a decision its owner made themself), and returns the ones that were new: an event already
 * noticed (its event_id) adds nothing, so recording or replaying twice is harmless.
 */
async function insertNotices(db: Kysely<Database>, events: readonly NoticeSourceEvent[]): Promise<Recorded[]> {
  const drafts = events.map(noticeOf).filter((d): d is NoticeDraft => d !== undefined);
  if (drafts.length === 0) return [];
  const ndb = noticesDb(db);
  const owners = new Map(
    (
      await ndb
        .selectFrom('gifs')
        .select(['id', 'user_id'])
        .where('id', 'in', [...new Set(drafts.map((d) => d.gifId))])
        .execute()
    ).map((g) => [g.id, g.user_id]),
  );
  const rows = drafts.flatMap((d): Recorded[] => {
    const owner = owners.get(d.gifId);
    return owner === null || owner === undefined || owner === d.actor ? [] : [{ ...d, owner }];
  });
  if (rows.length === 0) return [];
  const inserted = await ndb
    .insertInto('notifications')
    .values(
      rows.map((r) => ({
        event_id: r.eventId,
        user_id: r.owner,
        gif_id: r.gifId,
        kind: r.kind,
        reason: r.reason,
        rating: r.rating,
        created_at: r.createdAt,
      })),
    )
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('event_id')
    .execute();
  const fresh = new Set(inserted.map((r) => r.event_id));
  return rows.filter((r) => fresh.has(r.eventId));
}

const EVENT_COLUMNS = ['event_id', 'type', 'stream_id', 'ts', 'payload'] as const;

/** The origin for mailed links, or undefined before the server listens without PUBLIC_URL (recovery at start). */
function originOrNone(origin: LinkOrigin | undefined): string | undefined {
  try {
    return origin?.get();
  } catch {
    return undefined;
  }
}

/**
 * Records the notices of just-logged events inside the transaction that logged them (so no decision
 * commits without its notice), and queues each new notice's mail in the same transaction's outbox.
 * Returns how many mails were queued (the caller wakes the sender).
 */
export async function recordNotices(
  trx: Kysely<Database>,
  eventIds: readonly string[],
  linkOrigin: LinkOrigin | undefined,
): Promise<number> {
  if (eventIds.length === 0) return 0;
  const events = await trx
    .selectFrom('events')
    .select(EVENT_COLUMNS)
    .where('event_id', 'in', [...eventIds])
    .where('type', 'in', NOTICE_EVENT_TYPES)
    .orderBy('seq')
    .execute();
  const recorded = (await insertNotices(trx, events as NoticeSourceEvent[])).filter((r) => r.mail);
  const origin = originOrNone(linkOrigin);
  if (recorded.length === 0 || origin === undefined) return 0;
  const ndb = noticesDb(trx);
  const people = await ndb
    .selectFrom('users as u')
    .innerJoin('accounts as a', 'a.user_id', 'u.id')
    .select(['u.id', 'u.username', 'a.email'])
    .where('u.id', 'in', [...new Set(recorded.map((r) => r.owner))])
    .execute();
  const titles = new Map(
    (
      await ndb
        .selectFrom('gifs')
        .select(['id', 'title'])
        .where(
          'id',
          'in',
          recorded.map((r) => r.gifId),
        )
        .execute()
    ).map((g) => [g.id, g.title]),
  );
  let queued = 0;
  for (const notice of recorded) {
    const person = people.find((p) => p.id === notice.owner);
    if (!person) continue;
    await enqueueMail(
      accountsDb(trx),
      person.email,
      noticeMessage(
        origin,
        {
          kind: notice.kind,
          username: person.username,
          gifId: notice.gifId,
          title: titles.get(notice.gifId) ?? '',
          reason: notice.reason,
          rating: notice.rating,
        },
        NOTICES_PAGE,
      ),
    );
    queued += 1;
  }
  return queued;
}

/**
 * Rebuilds missing notices from the whole log (after restoring a backup, or a table emptied by hand):
 * notices already there are kept with their read state, none is added twice, and nothing is mailed.
 * Returns how many were added.
 */
export async function replayNotices(db: Kysely<Database>, batchSize = NOTICES_REPLAY_BATCH): Promise<number> {
  let after = '0';
  let added = 0;
  for (;;) {
    const batch = await db
      .selectFrom('events')
      .select([...EVENT_COLUMNS, sql<string>`seq::text`.as('seq')])
      .where('type', 'in', NOTICE_EVENT_TYPES)
      .where(sql<boolean>`seq > ${after}::bigint`)
      .orderBy('seq')
      .limit(batchSize)
      .execute();
    if (batch.length === 0) return added;
    added += (await db.transaction().execute((trx) => insertNotices(trx, batch as unknown as NoticeSourceEvent[]))).length;
    after = batch[batch.length - 1]!.seq;
  }
}

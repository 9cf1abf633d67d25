import { ALL_TAG, gifTag, PURGE_HEADER } from '@loopbox/edge';
import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import { accountsDb } from '../accounts/schema.ts';
import { actorOf, type Actor } from '../auth/audit.ts';
import { authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import type { AuthDeps } from '../auth/context.ts';
import type { MailDeps } from '../mail/outbox.ts';
import { jsonBody, parseFields } from '../http/json-body.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { ApiError, envelope, newResponseId } from '../http/envelope.ts';
import { gifId } from '../http/params.ts';
import { appendEventsReturningIds, type NewEvent } from '../store/events.ts';
import type { LinkOrigin } from '../mail/link-origin.ts';
import { recordNotices } from '../notices/record.ts';
import { MODERATION_EVENTS, TAKEDOWN_MAX_ITEMS, TAKEDOWN_PURGE_EACH_MAX, TAKEDOWN_REASONS } from './constants.ts';
import { decisionEvent } from './decide.ts';
import { noteField, oneOf } from './fields.ts';
import { takedownMessage } from './messages.ts';
import { baseOfModeration, moderationDb, type ModerationDb } from './schema.ts';
import { describe } from '../openapi/describe.ts';
import type { Built } from '@loopbox/contract/common';
import type { TakedownState } from '@loopbox/contract/moderation';
import { TakedownAnswer, TakedownFiledAnswer, type TakedownItem } from '@loopbox/contract/moderation-takedowns';

const TakedownBody = z.object({
  items: z
    .array(z.object({ reason: oneOf('reason', TAKEDOWN_REASONS), gif_id: gifId }), { error: 'items must be a list of {reason, gif_id}' })
    .min(1, 'items must name at least one GIF')
    .max(TAKEDOWN_MAX_ITEMS, `items may name at most ${TAKEDOWN_MAX_ITEMS} GIFs`)
    .refine((items) => new Set(items.map((i) => i.gif_id)).size === items.length, 'items must name each GIF once'),
  send_email: z.boolean({ error: 'send_email must be true or false' }),
  note: noteField('note').optional(),
});
type Takedown = z.infer<typeof TakedownBody>;
const TakedownPath = z.object({ id: z.string().regex(/^[1-9][0-9]{0,17}$/, 'id must be a takedown number') });

type FiledTakedown = { id: string; state: TakedownState; ownersMailed: number } | { missing: Built<typeof TakedownItem>[] };

/** Removes every listed GIF, records the takedown and its items, logs it, and queues the owners' mails: all or nothing. */
async function fileTakedown(
  trx: ModerationDb,
  body: Takedown,
  actor: Actor & { userId: number },
  linkOrigin: LinkOrigin,
): Promise<FiledTakedown> {
  const origin = linkOrigin.get();
  const ids = body.items.map((i) => i.gif_id);
  const rows = await trx
    .selectFrom('gifs')
    .select(['id', 'user_id', 'is_removed', 'moderation_state', 'rating'])
    .where('id', 'in', ids)
    .forUpdate()
    .execute();
  const found = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.filter((id) => !found.has(id));
  // Checked before anything is written: an unknown id leaves every GIF as it was.
  if (missing.length > 0) return { missing: body.items.map((i) => ({ ...i, status: found.has(i.gif_id) ? 'not_applied' : 'not_found' })) };
  const note = body.note ?? '';
  const owners = new Map<number, { gif_id: string; reason: string }[]>();
  for (const item of body.items) {
    const owner = found.get(item.gif_id)!.user_id;
    if (owner !== null) owners.set(owner, [...(owners.get(owner) ?? []), item]);
  }
  const accounts =
    body.send_email && owners.size > 0
      ? await trx
          .selectFrom('users as u')
          .innerJoin('accounts as a', 'a.user_id', 'u.id')
          .select(['u.id', 'u.username', 'a.email'])
          .where('u.id', 'in', [...owners.keys()])
          .execute()
      : [];
  const state = accounts.length > 0 ? 'owners_mailed' : 'applied';
  const made = await trx
    .insertInto('takedowns')
    .values({ state, send_email: body.send_email, note, filed_by: actor.userId })
    .returning(sql<string>`id::text`.as('id'))
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('takedown_items')
    .values(body.items.map((i) => ({ takedown_id: made.id, gif_id: i.gif_id, reason: i.reason, owner_id: found.get(i.gif_id)!.user_id })))
    .execute();
  await trx
    .updateTable('gifs')
    .set({ removal: 'takedown', decided_by: 'staff', update_datetime: new Date() })
    .where('id', 'in', ids)
    .execute();
  await trx
    .updateTable('gif_reports')
    .set({ resolved_at: new Date(), resolution: 'takedown' })
    .where('gif_id', 'in', ids)
    .where('resolved_at', 'is', null)
    .execute();
  for (const account of accounts)
    await enqueueMail(
      accountsDb(baseOfModeration(trx)),
      account.email,
      takedownMessage(account.username, origin, owners.get(account.id)!, note),
    );
  const events: NewEvent[] = [
    {
      type: MODERATION_EVENTS.takedownFiled,
      stream: 'takedown',
      streamId: made.id,
      payload: {
        items: body.items,
        send_email: body.send_email,
        note,
        owners_mailed: accounts.length,
        actor: actor.userId,
        via: actor.via,
        address: actor.address,
      },
    },
    ...body.items.map((i) => {
      const before = found.get(i.gif_id)!;
      return decisionEvent(
        i.gif_id,
        { action: 'remove', reason: i.reason },
        { state: before.moderation_state, removed: before.is_removed, rating: before.rating },
        actor,
        { takedown: made.id },
      );
    }),
  ];
  // Each owner's notice per GIF; its mail is the takedown's own (above, when send_email), never a second one.
  await recordNotices(baseOfModeration(trx), await appendEventsReturningIds(baseOfModeration(trx), events), linkOrigin);
  return { id: made.id, state, ownersMailed: accounts.length };
}

/**
 * `POST /api/v3/content-takedown/takedown` (SPEC 7.2): staff take down a list of GIFs, each with a
 * reason, in one transaction: all are removed or, when any id names no GIF, none is (422 with a
 * status per item). With `send_email`, each owner gets one mail listing their GIFs, through the
 * outbox in the same transaction. `GET …/takedown/{id}` reads the record, its state and items.
 */
export function takedownRoutes(deps: AuthDeps & MailDeps) {
  const db = moderationDb(deps.db);
  const app = new Hono<AuthEnv>();

  app.post(
    '/api/v3/content-takedown/takedown',
    describe({
      tag: 'moderation',
      summary: 'File a takedown',
      response: TakedownFiledAnswer,
      description: `Up to ${TAKEDOWN_MAX_ITEMS} (reason, gif_id) items removed in one transaction, owners mailed when \`send_email\`. If any item cannot be applied nothing is, and the 422 answer gives each item's status.`,
      access: { permission: 'takedown.file' },
      status: 201,
      body: TakedownBody,
    }),
    async (c) => {
      const principal = await authorizeUser(c, 'takedown.file');
      const body = await jsonBody(c, TakedownBody);
      const actor = { ...actorOf(principal, c.var.auth.address), userId: principal.userId };
      const filed = await db.transaction().execute((trx) => fileTakedown(trx, body, actor, deps.linkOrigin));
      if ('missing' in filed) {
        const unknown = filed.missing.filter((i) => i.status === 'not_found').length;
        const msg = `${unknown} of ${body.items.length} GIFs were not found; nothing was taken down`;
        return c.json({ data: { items: filed.missing }, meta: { status: 422, msg, response_id: newResponseId() } }, 422);
      }
      if (filed.ownersMailed > 0) deps.onMailQueued?.();
      const purge = body.items.length > TAKEDOWN_PURGE_EACH_MAX ? ALL_TAG : body.items.map((i) => gifTag(i.gif_id)).join(',');
      const items = body.items.map((i) => ({ ...i, status: 'removed' as const }));
      return c.json(
        envelope({ takedown_id: filed.id, state: filed.state, owners_mailed: filed.ownersMailed, items }, newResponseId()),
        201,
        { [PURGE_HEADER]: purge },
      );
    },
  );

  app.get(
    '/api/v3/content-takedown/takedown/:id',
    describe({
      tag: 'moderation',
      summary: 'A takedown and its state',
      response: TakedownAnswer,
      access: { permission: 'takedown.file' },
      params: TakedownPath,
    }),
    async (c) => {
      const { id } = parseFields(TakedownPath, c.req.param());
      await authorizeUser(c, 'takedown.file');
      const takedown = await db
        .selectFrom('takedowns')
        .select([sql<string>`id::text`.as('id'), 'state', 'send_email', 'note', 'filed_by', 'created_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!takedown) throw new ApiError(404, `Takedown ${id} not found`);
      const items = await db
        .selectFrom('takedown_items')
        .select(['gif_id', 'reason', 'owner_id'])
        .where('takedown_id', '=', id)
        .orderBy('gif_id')
        .execute();
      return c.json(envelope({ ...takedown, items }, newResponseId()));
    },
  );
  return app;
}

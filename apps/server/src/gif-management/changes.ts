import { PURGE_HEADER, gifTag } from '@loopbox/edge';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Actor } from '../auth/audit.ts';
import { parseFields } from '../http/json-body.ts';
import { appendEvents } from '../store/events.ts';
import { lockedField, type Authority } from '../content-policy/precedence.ts';
import { FieldError } from '../http/envelope.ts';
import { flagField, httpUrlField, ratingField, tagsField, titleField, visibilityField } from '../uploads/fields.ts';
import { baseOf, type CreatorsDb } from '../uploads/schema.ts';
import { ExternalMediaField } from '../external-video/parse.ts';
import type { UpdateKey } from './constants.ts';

/** Each key's rule: the same field rules the upload paths use. */
const VALUE_RULES = {
  title: titleField,
  alt_text: titleField,
  tags: tagsField,
  rating: ratingField,
  source_post_url: z.union([z.literal(''), httpUrlField('source_post_url')]),
  visibility: visibilityField,
  is_sticker: flagField('is_sticker'),
  external_media: ExternalMediaField,
} satisfies Record<UpdateKey, z.ZodType>;

export type GifChanges = { [K in UpdateKey]?: z.infer<(typeof VALUE_RULES)[K]> };

/** Checks one key's value by its rule; the error names `value` (the field the call sent). */
export function parseChange(key: UpdateKey, value: unknown): GifChanges {
  return { [key]: parseFields(z.object({ value: VALUE_RULES[key] }), { value }).value } as GifChanges;
}

/** All of a change set's values checked (My GIFs' edit form sends several at once). */
export const ChangesSchema = z.object(VALUE_RULES).partial();

/**
 * Applies checked changes to one GIF and logs them as `gif.updated` with the actor, in the caller's
 * transaction. A sticker flag switches a GIF between `gif` and `sticker` (videos stay videos). An
 * editor without a moderator's or staff's authority cannot change a field a decision locked (409,
 * content-policy/precedence.ts). Answers the edge's purge header value: cached answers showing the
 * GIF are dropped.
 */
export async function applyChanges(
  trx: CreatorsDb,
  gifId: string,
  changes: GifChanges,
  actor: Actor,
  authority: Authority | undefined,
): Promise<string> {
  if (!authority) {
    // Only a real change of a locked field is refused: a form sending the value it was given passes.
    const row = await trx.selectFrom('gifs').select(['locked_fields', 'rating']).where('id', '=', gifId).forUpdate().executeTakeFirst();
    const changed = row
      ? Object.entries(changes)
          .filter(([field, value]) => !(field in row) || row[field as keyof typeof row] !== value)
          .map(([field]) => field)
      : [];
    const locked = row && lockedField(row.locked_fields, changed);
    if (locked) throw new FieldError(409, locked.field, `GIF ${gifId}: ${locked.message}`);
  }
  const { source_post_url, is_sticker, external_media, ...columns } = changes;
  await trx
    .updateTable('gifs')
    .set({
      ...columns,
      ...(columns.tags ? { tags: columns.tags } : {}),
      ...(source_post_url === undefined ? {} : { source: source_post_url }),
      ...(external_media === undefined ? {} : { external_media: external_media && JSON.stringify(external_media) }),
      ...(is_sticker === undefined
        ? {}
        : { type: sql<'gif' | 'sticker'>`CASE WHEN type IN ('gif', 'sticker') THEN ${is_sticker ? 'sticker' : 'gif'} ELSE type END` }),
      update_datetime: new Date(),
    })
    .where('id', '=', gifId)
    .execute();
  await appendEvents(baseOf(trx), [
    {
      type: 'gif.updated',
      stream: 'gif',
      streamId: gifId,
      payload: { changes, actor: actor.userId, via: actor.via, address: actor.address },
    },
  ]);
  return gifTag(gifId);
}

export { PURGE_HEADER };

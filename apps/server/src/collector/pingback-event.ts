import { z } from 'zod';
import type { PayloadFields } from '../payload-signing/codec.ts';
import type { NewEvent } from '../store/events.ts';
import { Attributes } from './attributes.ts';
import type { BatchContext } from './batch.ts';
import { PINGBACK_ACTIONS } from './constants.ts';
import { derivedEventId } from './event-id.ts';
import { clientTs, eventId, eventTime, firstIssue, userId } from './fields.ts';
import { plainPingback } from './pingback-check.ts';

export const PingbackEvent = z.object({
  event_id: eventId.optional(),
  action_type: z.enum(PINGBACK_ACTIONS, { error: `action_type must be one of ${PINGBACK_ACTIONS.join(', ')}` }),
  analytics_response_payload: z
    .string({ error: 'analytics_response_payload is required' })
    .min(3, 'analytics_response_payload is required')
    .max(1000, 'analytics_response_payload is too long'),
  user_id: userId,
  logged_in_user_id: z.string().max(64, 'logged_in_user_id is too long').optional(),
  ts: clientTs,
  attributes: Attributes.optional(),
});
export type PingbackEvent = z.infer<typeof PingbackEvent>;

/** The log entry for a pingback: one `pingback.<action>` event on the GIF's stream, saying which key sent it. */
export function toLogEvent(
  event: PingbackEvent,
  id: string,
  payload: PayloadFields & { verification: boolean },
  ctx: BatchContext,
): NewEvent {
  // Built field by field (no spreads of optional parts): this runs for every pingback.
  const fields: Record<string, unknown> = { action_type: event.action_type, user_id: event.user_id };
  if (event.logged_in_user_id) fields.logged_in_user_id = event.logged_in_user_id;
  fields.event_type = payload.eventType;
  fields.response_id = payload.responseId;
  fields.attributes = event.attributes ?? {};
  fields.client_ts = event.ts;
  fields.received_at = ctx.received.iso;
  fields.api_key = ctx.apiKey;
  if (payload.verification) fields.verification = true;
  return {
    eventId: id,
    type: `pingback.${event.action_type.toLowerCase()}`,
    stream: 'gif',
    streamId: payload.gifId,
    ts: eventTime(event.ts, ctx.received.at),
    payload: fields,
  };
}

/**
 * A pingback as its log entry, or why it is refused: its fields must hold, and its payload must be
 * one this server signed. An event without an id gets one derived from its content.
 */
export function pingbackToLog(candidate: Record<string, unknown>, ctx: BatchContext): NewEvent | string {
  let event = plainPingback(candidate);
  if (!event) {
    const parsed = PingbackEvent.safeParse(candidate);
    if (!parsed.success) return firstIssue(parsed.error);
    event = parsed.data;
  }
  const verified = ctx.payloads.verify(event.analytics_response_payload);
  if (!verified.ok) return verified.reason;
  return toLogEvent(event, event.event_id ?? derivedEventId(candidate), { ...verified.fields, verification: verified.verification }, ctx);
}

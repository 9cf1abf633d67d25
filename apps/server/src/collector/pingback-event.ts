import { z } from 'zod';
import type { NewEvent } from '../store/events.ts';
import { GIF_ID_PATTERN, LAYOUT_TYPES, MAX_ATTRIBUTE_LENGTH, PAYLOAD_CACHE_SIZE, PINGBACK_ACTIONS } from './constants.ts';
import { clientTs, eventId, eventTime, firstIssue, userId, type Received } from './fields.ts';
import { plainPingback } from './pingback-check.ts';

const position = z.object({ x: z.number().finite(), y: z.number().finite(), width: z.number().finite().min(0), height: z.number().finite().min(0) });

export const PingbackEvent = z.object({
  event_id: eventId,
  action_type: z.enum(PINGBACK_ACTIONS, { error: `action_type must be one of ${PINGBACK_ACTIONS.join(', ')}` }),
  analytics_response_payload: z.string().min(3, 'analytics_response_payload is required').max(1000, 'analytics_response_payload is too long'),
  user_id: userId,
  logged_in_user_id: z.string().max(64, 'logged_in_user_id is too long').optional(),
  ts: clientTs,
  attributes: z
    .object({
      layout_type: z.enum(LAYOUT_TYPES, { error: `layout_type must be one of ${LAYOUT_TYPES.join(', ')}` }).optional(),
      position: position.optional(),
    })
    .catchall(z.union([z.string().max(MAX_ATTRIBUTE_LENGTH), z.number().finite(), z.boolean()]))
    .optional(),
});
export type PingbackEvent = z.infer<typeof PingbackEvent>;

type DecodedPayload = { gifId: string; eventType: string; responseId: string };

/** What an analytics_response_payload says: `e=` + base64 of `gif_id=…&event_type=…&cid=…`. */
export function decodePayload(payload: string): DecodedPayload | null {
  if (!payload.startsWith('e=')) return null;
  const params = new URLSearchParams(Buffer.from(payload.slice(2), 'base64').toString('utf8'));
  const gifId = params.get('gif_id');
  if (!gifId || !GIF_ID_PATTERN.test(gifId)) return null;
  return { gifId, eventType: params.get('event_type') ?? '', responseId: params.get('cid') ?? '' };
}

const decoded = new Map<string, DecodedPayload | null>();
function decodeRemembered(payload: string): DecodedPayload | null {
  let result = decoded.get(payload);
  if (result === undefined) {
    if (decoded.size >= PAYLOAD_CACHE_SIZE) decoded.clear();
    result = decodePayload(payload);
    decoded.set(payload, result);
  }
  return result;
}

/** The log entry for a pingback: one `pingback.<action>` event on the GIF's stream. */
export function toLogEvent(event: PingbackEvent, gifId: string, payload: { eventType: string; responseId: string }, receivedAt: Received): NewEvent {
  return {
    eventId: event.event_id,
    type: `pingback.${event.action_type.toLowerCase()}`,
    stream: 'gif',
    streamId: gifId,
    ts: eventTime(event.ts, receivedAt.at),
    payload: {
      action_type: event.action_type,
      user_id: event.user_id,
      ...(event.logged_in_user_id ? { logged_in_user_id: event.logged_in_user_id } : {}),
      event_type: payload.eventType,
      response_id: payload.responseId,
      attributes: event.attributes ?? {},
      client_ts: event.ts,
      received_at: receivedAt.iso,
    },
  };
}

/** A pingback as its log entry, or why it is refused. */
export function pingbackToLog(candidate: Record<string, unknown>, receivedAt: Received): NewEvent | string {
  let event = plainPingback(candidate);
  if (!event) {
    const parsed = PingbackEvent.safeParse(candidate);
    if (!parsed.success) return firstIssue(parsed.error);
    event = parsed.data;
  }
  const payload = decodeRemembered(event.analytics_response_payload);
  if (!payload) return 'analytics_response_payload is not one this server issued';
  return toLogEvent(event, payload.gifId, payload, receivedAt);
}

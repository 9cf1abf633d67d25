import { z } from 'zod';
import type { NewEvent } from '../store/events.ts';
import { LAYOUT_TYPES, MAX_CLOCK_SKEW_MS, MAX_EVENT_ID_LENGTH, PINGBACK_ACTIONS } from './constants.ts';

const position = z.object({ x: z.number().finite(), y: z.number().finite(), width: z.number().finite().min(0), height: z.number().finite().min(0) });

export const PingbackEvent = z.object({
  event_id: z.string().regex(new RegExp(`^[A-Za-z0-9_.:-]{8,${MAX_EVENT_ID_LENGTH}}$`), `event_id must be 8 to ${MAX_EVENT_ID_LENGTH} letters, digits or _.:-`),
  action_type: z.enum(PINGBACK_ACTIONS, { error: `action_type must be one of ${PINGBACK_ACTIONS.join(', ')}` }),
  analytics_response_payload: z.string().min(3, 'analytics_response_payload is required').max(1000, 'analytics_response_payload is too long'),
  user_id: z.string().min(1, 'user_id is required').max(64, 'user_id is too long'),
  logged_in_user_id: z.string().max(64, 'logged_in_user_id is too long').optional(),
  ts: z.number({ error: 'ts must be a number of milliseconds' }).int('ts must be whole milliseconds').positive('ts must be positive'),
  attributes: z
    .object({
      layout_type: z.enum(LAYOUT_TYPES, { error: `layout_type must be one of ${LAYOUT_TYPES.join(', ')}` }).optional(),
      position: position.optional(),
    })
    .catchall(z.union([z.string().max(200), z.number().finite(), z.boolean()]))
    .optional(),
});
export type PingbackEvent = z.infer<typeof PingbackEvent>;

/** What an analytics_response_payload says: `e=` + base64 of `gif_id=…&event_type=…&cid=…`. */
export function decodePayload(payload: string): { gifId: string; eventType: string; responseId: string } | null {
  if (!payload.startsWith('e=')) return null;
  const params = new URLSearchParams(Buffer.from(payload.slice(2), 'base64').toString('utf8'));
  const gifId = params.get('gif_id');
  if (!gifId || !/^[A-Za-z0-9:_-]{1,64}$/.test(gifId)) return null;
  return { gifId, eventType: params.get('event_type') ?? '', responseId: params.get('cid') ?? '' };
}

/** The log entry for a pingback: one `pingback.<action>` event on the GIF's stream. */
export function toLogEvent(event: PingbackEvent, gifId: string, payload: { eventType: string; responseId: string }, receivedAt: Date): NewEvent {
  const skewed = Math.abs(event.ts - receivedAt.getTime()) > MAX_CLOCK_SKEW_MS;
  return {
    eventId: event.event_id,
    type: `pingback.${event.action_type.toLowerCase()}`,
    stream: 'gif',
    streamId: gifId,
    ts: skewed ? receivedAt : new Date(event.ts),
    payload: {
      action_type: event.action_type,
      user_id: event.user_id,
      ...(event.logged_in_user_id ? { logged_in_user_id: event.logged_in_user_id } : {}),
      event_type: payload.eventType,
      response_id: payload.responseId,
      attributes: event.attributes ?? {},
      client_ts: event.ts,
      received_at: receivedAt.toISOString(),
    },
  };
}

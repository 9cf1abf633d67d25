import { z } from 'zod';
import type { NewEvent } from '../store/events.ts';
import {
  ANALYTICS_ACTIONS,
  ANALYTICS_CATEGORY,
  ANALYTICS_KINDS,
  MAX_ERROR_MESSAGE_LENGTH,
  MAX_ERROR_SOURCE_LENGTH,
  MAX_LABEL_LENGTH,
} from './constants.ts';
import type { BatchContext } from './batch.ts';
import { clientTs, eventId, eventTime, firstIssue, gifId, pagePath, userId, type Received } from './fields.ts';

const common = { event_id: eventId, user_id: userId, ts: clientTs, page_path: pagePath('page_path') };

export const AnalyticsEvent = z.discriminatedUnion(
  'kind',
  [
    z.object({
      ...common,
      kind: z.literal('event'),
      category: z.literal(ANALYTICS_CATEGORY, { error: `category must be ${ANALYTICS_CATEGORY}` }),
      action: z.enum(ANALYTICS_ACTIONS, { error: `action must be one of ${ANALYTICS_ACTIONS.join(', ')}` }),
      label: z
        .string({ error: 'label must be a string' })
        .min(1, 'label is required')
        .max(MAX_LABEL_LENGTH, `label must be at most ${MAX_LABEL_LENGTH} characters`),
      gif_id: gifId.optional(),
    }),
    z.object({
      ...common,
      kind: z.literal('page_view'),
      virtual_page_path: pagePath('virtual_page_path').optional(),
      gif_id: gifId.optional(),
    }),
    z.object({
      ...common,
      kind: z.literal('error'),
      message: z
        .string({ error: 'message must be a string' })
        .min(1, 'message is required')
        .max(MAX_ERROR_MESSAGE_LENGTH, `message must be at most ${MAX_ERROR_MESSAGE_LENGTH} characters`),
      source: z
        .string({ error: 'source must be a string' })
        .max(MAX_ERROR_SOURCE_LENGTH, `source must be at most ${MAX_ERROR_SOURCE_LENGTH} characters`)
        .optional(),
    }),
  ],
  { error: `kind must be one of ${ANALYTICS_KINDS.join(', ')}` },
);
export type AnalyticsEvent = z.infer<typeof AnalyticsEvent>;

/** The page stream an event without a GIF lands on: the path's first segment, `/` for the home page. */
export function pageStreamId(path: string): string {
  const segment = path.split('/')[1];
  return segment ? `/${segment}` : '/';
}

/**
 * The log entry for an analytics event: `analytics.<kind>` on the GIF's stream when it names a GIF,
 * else on the page stream of its path's first segment.
 */
export function analyticsToLogEvent(event: AnalyticsEvent, receivedAt: Received): NewEvent {
  const { event_id, ts, ...fields } = event;
  const gif = 'gif_id' in event ? event.gif_id : undefined;
  return {
    eventId: event_id,
    type: `analytics.${event.kind}`,
    ...(gif ? { stream: 'gif', streamId: gif } : { stream: 'page', streamId: pageStreamId(event.page_path) }),
    ts: eventTime(ts, receivedAt.at),
    payload: { ...fields, client_ts: ts, received_at: receivedAt.iso },
  };
}

/** An analytics event as its log entry, or why it is refused. */
export function analyticsToLog(candidate: Record<string, unknown>, ctx: BatchContext): NewEvent | string {
  const parsed = AnalyticsEvent.safeParse(candidate);
  return parsed.success ? analyticsToLogEvent(parsed.data, ctx.received) : firstIssue(parsed.error);
}

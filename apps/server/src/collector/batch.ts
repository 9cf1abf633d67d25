import { ApiError } from '../public-api/envelope.ts';
import type { NewEvent } from '../store/events.ts';
import { MAX_EVENTS_PER_BATCH } from './constants.ts';
import { received, type Received } from './fields.ts';

export interface Rejected {
  index: number;
  error: string;
}

/** Turns one client event into its log entry, or says why it is refused. */
export type ToLogEvent = (candidate: Record<string, unknown>, receivedAt: Received) => NewEvent | string;

/**
 * Validates a batch event by event. Policy: good events are kept and bad ones reported by index.
 * A malformed event never becomes valid by retrying, so refusing the whole batch would make the
 * client either drop its good events or resend them forever.
 */
export function validateBatch(body: unknown, receivedAt: Date, toLog: ToLogEvent): { events: NewEvent[]; rejected: Rejected[] } {
  if (typeof body !== 'object' || body === null || !Array.isArray((body as { events?: unknown }).events)) {
    throw new ApiError(400, 'body must be a JSON object with an events array');
  }
  const raw = (body as { events: unknown[] }).events;
  if (raw.length === 0) throw new ApiError(400, 'events must not be empty');
  if (raw.length > MAX_EVENTS_PER_BATCH) throw new ApiError(413, `events may hold at most ${MAX_EVENTS_PER_BATCH} events`);
  const events: NewEvent[] = [];
  const rejected: Rejected[] = [];
  const at = received(receivedAt);
  for (let index = 0; index < raw.length; index++) {
    const candidate = raw[index];
    const result = typeof candidate === 'object' && candidate !== null && !Array.isArray(candidate) ? toLog(candidate as Record<string, unknown>, at) : 'event must be a JSON object';
    if (typeof result === 'string') rejected.push({ index, error: result });
    else events.push(result);
  }
  return { events, rejected };
}

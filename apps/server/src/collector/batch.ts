import { findUnsafeText } from '../boundary/text.ts';
import type { PayloadSigner } from '../payload-signing/signer.ts';
import { ApiError } from '../http/envelope.ts';
import type { NewEvent } from '../store/events.ts';
import { MAX_EVENTS_PER_BATCH } from './constants.ts';
import type { Received } from './fields.ts';
import type { Built } from '@loopbox/contract/common';
import type { RejectedEvent } from '@loopbox/contract/collector';

export type Rejected = Built<typeof RejectedEvent>;

/** What every event of one batch is checked against. */
export interface BatchContext {
  received: Received;
  /** The key the batch came with (recorded on each event). */
  apiKey: string;
  payloads: Pick<PayloadSigner, 'verify'>;
}

/** Turns one client event into its log entry, or says why it is refused. */
export type ToLogEvent = (candidate: Record<string, unknown>, ctx: BatchContext) => NewEvent | string;

/** A refused event as sent, for the dead-letter table. */
export interface Refused extends Rejected {
  event: unknown;
}

/** An accepted event, with its place in the batch and what was sent. */
export interface Checked {
  index: number;
  entry: NewEvent;
  event: Record<string, unknown>;
}

/**
 * Validates a batch event by event. Policy: good events are kept and bad ones reported by index.
 * A malformed event never becomes valid by retrying, so refusing the whole batch would make the
 * client either drop its good events or resend them forever. Text the store cannot hold (NUL,
 * unpaired surrogates) refuses only the event that carries it.
 */
export function validateBatch(body: unknown, ctx: BatchContext, toLog: ToLogEvent): { accepted: Checked[]; refused: Refused[] } {
  if (typeof body !== 'object' || body === null || !Array.isArray((body as { events?: unknown }).events)) {
    throw new ApiError(400, 'body must be a JSON object with an events array');
  }
  const raw = (body as { events: unknown[] }).events;
  if (raw.length === 0) throw new ApiError(400, 'events must not be empty');
  if (raw.length > MAX_EVENTS_PER_BATCH) throw new ApiError(413, `events may hold at most ${MAX_EVENTS_PER_BATCH} events`);
  const accepted: Checked[] = [];
  const refused: Refused[] = [];
  for (let index = 0; index < raw.length; index++) {
    const candidate = raw[index];
    const result =
      typeof candidate !== 'object' || candidate === null || Array.isArray(candidate)
        ? 'event must be a JSON object'
        : (findUnsafeText(candidate) ?? toLog(candidate as Record<string, unknown>, ctx));
    if (typeof result === 'string') refused.push({ index, error: result, event: candidate });
    else accepted.push({ index, entry: result, event: candidate as Record<string, unknown> });
  }
  return { accepted, refused };
}

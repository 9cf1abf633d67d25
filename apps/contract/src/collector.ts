import { z } from 'zod';
import { enveloped, Timestamp, type Wire } from './common.ts';

/** The collector (`POST /v2/pingback`, `POST /v2/analytics`, `GET /v2/pingback_simple`) and its refusals. */

const count = z.number().int().min(0);

/** An event of the batch refused, by its place in the batch, and why. */
export const RejectedEvent = z.strictObject({ index: count, error: z.string() });
export type RejectedEvent = Wire<typeof RejectedEvent>;

/** A batch's outcome: events newly logged, events logged before (same `event_id`), and the refused ones. */
export const CollectedAnswer = enveloped(z.strictObject({ accepted: count, duplicates: count, rejected: z.array(RejectedEvent) }));
export type CollectedAnswer = Wire<typeof CollectedAnswer>;

/** Refusals of one source (`pingback`, `analytics`…) for one reason over the window. */
export const RejectCount = z.strictObject({ source: z.string(), reason: z.string(), count, last_at: Timestamp });
export type RejectCount = Wire<typeof RejectCount>;

/** `GET /api/v1/collector/rejects/`: the window's start, its refusals in all, and their counts, most first. */
export const RejectsAnswer = z.strictObject({ since: Timestamp, total: count, data: z.array(RejectCount) });
export type RejectsAnswer = Wire<typeof RejectsAnswer>;

import { z } from 'zod';
import {
  EVENT_ID_PATTERN,
  PINGBACK_GIF_ID_PATTERN,
  MAX_CLOCK_SKEW_MS,
  MAX_EVENT_ID_LENGTH,
  MAX_PAGE_PATH_LENGTH,
  MAX_USER_ID_LENGTH,
} from './constants.ts';

/** Fields every collector event shares; each message starts with the field's name. */
export const eventId = z.string().regex(EVENT_ID_PATTERN, `event_id must be 8 to ${MAX_EVENT_ID_LENGTH} letters, digits or _.:-`);
export const userId = z.string().min(1, 'user_id is required').max(MAX_USER_ID_LENGTH, 'user_id is too long');
export const clientTs = z
  .number({ error: 'ts must be a number of milliseconds' })
  .int('ts must be whole milliseconds')
  .positive('ts must be positive');
export const gifId = z
  .string({ error: 'gif_id must be a GIF id' })
  .regex(PINGBACK_GIF_ID_PATTERN, 'gif_id must be a GIF id (1 to 64 letters, digits or :_-)');

// A path on this site: one leading slash (two would name a host), no scheme, no whitespace.
const PAGE_PATH = /^\/(?!\/)[^\s]*$/;
export const pagePath = (field: string) =>
  z
    .string({ error: `${field} must be a path starting with /` })
    .max(MAX_PAGE_PATH_LENGTH, `${field} must be at most ${MAX_PAGE_PATH_LENGTH} characters`)
    .regex(PAGE_PATH, `${field} must be a path starting with / (no scheme, host or spaces)`);

/** When a batch arrived, with its ISO form made once for all its events. */
export interface Received {
  at: Date;
  iso: string;
}
export const received = (at: Date): Received => ({ at, iso: at.toISOString() });

/** The time an event is logged at: the client's, unless its clock is too far from the server's. */
export function eventTime(clientMs: number, receivedAt: Date): Date {
  return Math.abs(clientMs - receivedAt.getTime()) > MAX_CLOCK_SKEW_MS ? receivedAt : new Date(clientMs);
}

/** One line naming the first thing wrong with an event. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid event';
  const field = String(issue.path[0] ?? '');
  return issue.message.startsWith(field) ? issue.message : `${issue.path.join('.')}: ${issue.message}`;
}

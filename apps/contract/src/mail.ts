import { z } from 'zod';
import { enveloped, Timestamp, type Wire } from './common.ts';

/** The mail outbox staff read (`GET /api/v1/mail/outbox/`). */

/** Every kind of message the site mails. */
export const MAIL_KINDS = [
  'verify_email',
  'signup_confirm',
  'signup_attempted',
  'reset_password',
  'email_changed',
  'password_changed',
  'gif_shared',
  'account_warned',
  'account_suspended',
  'account_restored',
  'gifs_taken_down',
  'channel_approved',
  'channel_refused',
  'gif_notice',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const OutboxMessage = z.strictObject({
  id: z.string(),
  kind: z.enum(MAIL_KINDS),
  to_address: z.string(),
  subject: z.string(),
  /** Erased once delivered. */
  body: z.string().nullable(),
  created_at: Timestamp,
  attempts: z.number().int().min(0),
  sent_at: Timestamp.nullable(),
  /** Set when delivery was given up; `last_error` says why. */
  failed_at: Timestamp.nullable(),
  last_error: z.string().nullable(),
});
export type OutboxMessage = Wire<typeof OutboxMessage>;

/** The newest messages, and whether SMTP is configured (without it, the outbox is how links reach people). */
export const OutboxAnswer = enveloped(z.array(OutboxMessage)).extend({ smtp: z.boolean() });
export type Outbox = Wire<typeof OutboxAnswer>;

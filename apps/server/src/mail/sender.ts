import { sql, type Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import { accountsDb } from '../accounts/schema.ts';
import { createPasses } from '../background/passes.ts';
import type { Database } from '../store/schema.ts';
import { htmlBody } from './html.ts';
import {
  MAIL_BATCH,
  MAIL_MAX_ATTEMPTS,
  MAIL_POLL_INTERVAL_MS,
  MAIL_RETRY_BASE_MS,
  MAIL_RETRY_MAX_MS,
  SMTP_TIMEOUT_MS,
} from './constants.ts';

export interface MailSenderOptions {
  /** smtp://user:pass@host:port (STARTTLS when offered) or smtps://… for TLS from the start. */
  smtpUrl: string;
  /** The From header, e.g. `Loopbox <no-reply@gifs.example.com>`. */
  from: string;
  intervalMs?: number;
  log?: (line: string) => void;
}

export interface MailSender {
  /** Delivers what is due now; passes are serialised. Resolves to the messages sent. */
  deliverDue(): Promise<number>;
  /** Asks for a pass soon (after a commit queued mail); calls made while one waits share it. */
  wake(): void;
  start(): void;
  /** Stops polling, waits for a pass in progress and closes the SMTP connection. */
  stop(): Promise<void>;
}

/** How long a claimed message is left to its sender before another pass may try it again. */
const CLAIM_MS = SMTP_TIMEOUT_MS * 3;
const retryDelay = (attempts: number) => Math.min(MAIL_RETRY_MAX_MS, MAIL_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));

/**
 * Delivers the outbox by SMTP through nodemailer. Each pass claims due messages (pushing their next
 * attempt past the claim time, rows locked with SKIP LOCKED so several servers never take the same
 * one), sends them one by one, and marks each sent (erasing its body: a delivered link has no reason
 * to stay in the store) or schedules a retry with doubling delays, giving up after MAIL_MAX_ATTEMPTS.
 */
export function createMailSender(database: Kysely<Database>, options: MailSenderOptions): MailSender {
  const db = accountsDb(database);
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });

  async function claim() {
    const due = db
      .selectFrom('mail_outbox')
      .select('id')
      .where('sent_at', 'is', null)
      .where('failed_at', 'is', null)
      .where('next_attempt_at', '<=', new Date())
      .orderBy('id')
      .limit(MAIL_BATCH)
      .forUpdate()
      .skipLocked();
    return db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: new Date(Date.now() + CLAIM_MS), attempts: sql`attempts + 1` })
      .where('id', 'in', due)
      .returning(['id', 'to_address', 'subject', 'body', 'attempts'])
      .execute();
  }

  async function pass(): Promise<number> {
    let sent = 0;
    for (const message of (await claim()).sort((a, b) => Number(a.id) - Number(b.id))) {
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to_address,
          subject: message.subject,
          text: message.body ?? '',
          html: htmlBody(message.body ?? ''),
        });
        await db
          .updateTable('mail_outbox')
          .set({ sent_at: new Date(), body: null, last_error: null })
          .where('id', '=', message.id)
          .execute();
        sent++;
      } catch (err) {
        const reason = (err as Error).message.slice(0, 500);
        const giveUp = message.attempts >= MAIL_MAX_ATTEMPTS;
        await db
          .updateTable('mail_outbox')
          .set({
            last_error: reason,
            next_attempt_at: new Date(Date.now() + retryDelay(message.attempts)),
            ...(giveUp ? { failed_at: new Date() } : {}),
          })
          .where('id', '=', message.id)
          .execute();
        options.log?.(
          `mail: message ${message.id} (${message.subject}) not delivered, attempt ${message.attempts}${giveUp ? ', giving up' : ''}: ${reason}`,
        );
      }
    }
    return sent;
  }

  const log = (err: Error) => options.log?.(`mail: delivery pass failed: ${err.message}`);
  const passes = createPasses(pass, { intervalMs: options.intervalMs ?? MAIL_POLL_INTERVAL_MS, onError: log });

  return {
    deliverDue: passes.run,
    wake() {
      if (passes.running) passes.run().catch(log);
    },
    start: passes.start,
    async stop() {
      await passes.stop();
      transport.close();
    },
  };
}

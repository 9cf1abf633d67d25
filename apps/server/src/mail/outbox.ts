import type { AccountsDb } from '../accounts/schema.ts';
import type { LinkOrigin } from './link-origin.ts';
import type { MailMessage } from './messages.ts';

/** What a route that queues mail needs. */
export interface MailDeps {
  /** The origin of every link in a mail (PUBLIC_URL, else where the server listens): never a request header. */
  linkOrigin: LinkOrigin;
  /** Called after a commit queued mail (main.ts wakes the mail sender with it). */
  onMailQueued?: () => void;
}

/**
 * Queues a message in the outbox. Called inside the transaction of whatever causes the mail, so the
 * mail exists exactly when its cause committed; the sender delivers it afterwards.
 */
export async function enqueueMail(db: AccountsDb, to: string, message: MailMessage): Promise<void> {
  await db.insertInto('mail_outbox').values({ kind: message.kind, to_address: to, subject: message.subject, body: message.body }).execute();
}

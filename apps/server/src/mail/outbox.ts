import type { AccountsDb } from '../accounts/schema.ts';
import type { MailMessage } from './messages.ts';

/**
 * Queues a message in the outbox. Called inside the transaction of whatever causes the mail, so the
 * mail exists exactly when its cause committed; the sender delivers it afterwards.
 */
export async function enqueueMail(db: AccountsDb, to: string, message: MailMessage): Promise<void> {
  await db.insertInto('mail_outbox').values({ kind: message.kind, to_address: to, subject: message.subject, body: message.body }).execute();
}

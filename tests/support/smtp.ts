import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  /** The HTML part, when the mail has one. */
  html: string;
}

export interface TestSmtp {
  /** smtp://127.0.0.1:PORT, for SMTP_URL. */
  url: string;
  mails: CaughtMail[];
  /** Resolves with the first mail (already caught or still to come) that matches, or fails after `timeoutMs`. */
  waitFor(match: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  /** While set, every message is refused with a temporary error (451), as a server in trouble would. */
  setRefusing(refusing: boolean): void;
  close(): Promise<void>;
}

/** A real SMTP server in the test process (smtp-server on 127.0.0.1, no TLS or auth), parsing what it receives with mailparser. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const mails: CaughtMail[] = [];
  const waiters: { match: (mail: CaughtMail) => boolean; resolve: (mail: CaughtMail) => void }[] = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      if (refusing) {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const mail: CaughtMail = {
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            from: typeof session.envelope.mailFrom === 'object' ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          };
          mails.push(mail);
          for (const waiter of waiters.filter((w) => w.match(mail))) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor(match, timeoutMs = 20_000) {
      const found = mails.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          if (waiters.includes(waiter))
            reject(new Error(`no matching mail within ${timeoutMs} ms; caught: ${mails.map((m) => `${m.to} "${m.subject}"`).join('; ')}`));
        }, timeoutMs).unref();
      });
    },
    setRefusing(value) {
      refusing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

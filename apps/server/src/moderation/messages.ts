import type { MailMessage } from '../mail/messages.ts';
import type { AccountAction } from './constants.ts';

const ACCOUNT_LINES: Record<AccountAction, { kind: MailMessage['kind']; subject: string; line: string }> = {
  warn: { kind: 'account_warned', subject: 'A warning about your Loopbox account', line: 'The Loopbox staff are warning your account.' },
  suspend: {
    kind: 'account_suspended',
    subject: 'Your Loopbox account is suspended',
    line: 'The Loopbox staff have suspended your account: you are signed out everywhere, your personal access tokens and developer API keys are revoked, and you cannot sign in until it is restored.',
  },
  restore: {
    kind: 'account_restored',
    subject: 'Your Loopbox account is restored',
    line: "The Loopbox staff have restored your account: you can sign in again. Tokens and API keys revoked by the suspension stay revoked: make new ones (rotate an app's key on the developers page).",
  },
};

export function accountActionMessage(action: AccountAction, username: string, reason: string): MailMessage {
  const { kind, subject, line } = ACCOUNT_LINES[action];
  return { kind, subject, body: `Hi ${username},\n\n${line}\n\nReason: ${reason}\n` };
}

/** One mail per owner listing their GIFs taken down, each with its reason. */
export function takedownMessage(
  username: string,
  origin: string,
  items: readonly { gif_id: string; reason: string }[],
  note: string,
): MailMessage {
  const lines = items.map((i) => `- ${origin}/gifs/${i.gif_id} (${i.reason.replace(/_/g, ' ')})`).join('\n');
  return {
    kind: 'gifs_taken_down',
    subject: items.length === 1 ? 'One of your GIFs was taken down' : `${items.length} of your GIFs were taken down`,
    body: `Hi ${username},\n\nThese GIFs were taken down from Loopbox and no longer show anywhere:\n\n${lines}\n${note ? `\nNote from the staff: ${note}\n` : ''}`,
  };
}

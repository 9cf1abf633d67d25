import { APPLY_PAGE, DASHBOARD_PAGE, profilePath } from '@loopbox/pages';
import { quoted, type MailMessage } from '../mail/messages.ts';

/** The applicant is told staff approved their channel: the badge, the creator's tools, and where to find them. */
export function applicationApprovedMessage(
  origin: string,
  username: string,
  name: string,
  note: string,
  becameCreator: boolean,
): MailMessage {
  const tools = becameCreator
    ? ' Your account is now a creator account: channels, stories and the scheduler are open to you in the dashboard.'
    : '';
  return {
    kind: 'channel_approved',
    subject: 'Your Loopbox channel is verified',
    body: `Hi ${username},\n\nThe Loopbox staff approved your application for ${quoted(name)}: your channel now shows the verified badge.${tools}\n\nYour channel:\n\n${origin}${profilePath(username)}\n\nYour dashboard:\n\n${origin}${DASHBOARD_PAGE}\n${note ? `\nNote from the staff: ${quoted(note)}\n` : ''}`,
  };
}

/** The applicant is told staff refused, with the staff's note, and that they may apply again. */
export function applicationRefusedMessage(origin: string, username: string, name: string, note: string): MailMessage {
  return {
    kind: 'channel_refused',
    subject: 'Your Loopbox channel application',
    body: `Hi ${username},\n\nThe Loopbox staff did not approve your application for a verified channel for ${quoted(name)} this time.\n\nWhy: ${quoted(note)}\n\nYou can apply again whenever you like:\n\n${origin}${APPLY_PAGE}\n`,
  };
}

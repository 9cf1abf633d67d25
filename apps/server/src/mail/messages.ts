import { JOIN_PAGE, LOGIN_PAGE, PASSWORD_PAGE, VERIFY_EMAIL_PAGE } from '@loopbox/pages';
import type { MailKind } from '@loopbox/contract/mail';

export interface MailMessage {
  /** One of MAIL_KINDS (the outbox page shows it). */
  kind: MailKind;
  subject: string;
  body: string;
}

/** Longest stretch of someone's own words quoted in a mail; the rest is cut. */
const QUOTE_MAX = 200;

/**
 * Someone else's words inside a mail: on one line (no blank line can make them look like a paragraph
 * or link of ours), cut short and in quotes. They never go into a subject.
 */
export function quoted(words: string): string {
  const oneLine = words.replace(/\s+/g, ' ').trim();
  return `"${oneLine.length > QUOTE_MAX ? `${oneLine.slice(0, QUOTE_MAX - 1)}…` : oneLine}"`;
}

/** A link to a site page carrying a secret in its fragment: never sent to a server, never in an access log. */
const secretLink = (origin: string, page: string, token: string) => `${origin}${page}#token=${token}`;

export function verifyEmailMessage(origin: string, username: string, token: string): MailMessage {
  return {
    kind: 'verify_email',
    subject: 'Confirm your e-mail address for Loopbox',
    body: `Hi ${username},\n\nConfirm this address for your Loopbox account by opening:\n\n${secretLink(origin, VERIFY_EMAIL_PAGE, token)}\n\nThe link works for three days. If you did not ask for it, ignore this mail.\n`,
  };
}

/** Sign-up with a new address: the link makes the account (and signs in), so opening it proves the address. */
export function signupConfirmMessage(origin: string, username: string, token: string): MailMessage {
  return {
    kind: 'signup_confirm',
    subject: 'Confirm your e-mail address for Loopbox',
    body: `Hi ${username},\n\nTo finish making your Loopbox account, confirm this address by opening:\n\n${secretLink(origin, JOIN_PAGE, token)}\n\nThe link works once, for three days; until then the account does not exist. If you did not sign up, ignore this mail.\n`,
  };
}

/** Sign-up with an address an account already uses: no account is made; its owner is told, nobody else. */
export function signupAttemptMessage(origin: string, username: string): MailMessage {
  return {
    kind: 'signup_attempted',
    subject: 'Someone tried to sign up to Loopbox with your address',
    body: `Hi ${username},\n\nSomeone tried to make a new Loopbox account with this e-mail address, which your account already uses. No account was made.\n\nIf it was you, log in:\n\n${origin}${LOGIN_PAGE}\n\nor, if you forgot your password, reset it:\n\n${origin}${PASSWORD_PAGE}\n\nIf it was not you, ignore this mail: nothing changed.\n`,
  };
}

export function resetPasswordMessage(origin: string, username: string, token: string): MailMessage {
  return {
    kind: 'reset_password',
    subject: 'Reset your Loopbox password',
    body: `Hi ${username},\n\nSomeone asked to reset the password of your Loopbox account. To choose a new one, open:\n\n${secretLink(origin, PASSWORD_PAGE, token)}\n\nThe link works once, for one hour. If it was not you, ignore this mail: your password stays as it is.\n`,
  };
}

export function emailChangedMessage(username: string, newEmail: string): MailMessage {
  return {
    kind: 'email_changed',
    subject: 'Your Loopbox e-mail address is changing',
    body: `Hi ${username},\n\nYour Loopbox account asked to move its e-mail address to ${newEmail}. It changes once that address is confirmed. If this was not you, reset your password now.\n`,
  };
}

export function passwordChangedMessage(username: string): MailMessage {
  return {
    kind: 'password_changed',
    subject: 'Your Loopbox password was changed',
    body: `Hi ${username},\n\nThe password of your Loopbox account was just changed: its other sessions were signed out and every personal access token was revoked (make new ones where you need them). If this was not you, reset your password now.\n`,
  };
}

/** POST /ajax/instashare/: the link, from the configured origin; the title only in the body, as the uploader's words. */
export function gifSharedMessage(link: string, sender: string, title: string): MailMessage {
  return {
    kind: 'gif_shared',
    subject: 'A GIF was shared with you on Loopbox',
    body: `Loopbox user @${sender} shared a GIF with you:\n\n${link}\n\n${title ? `Its title, as its uploader wrote it: ${quoted(title)}\n\n` : ''}You got this mail because they typed your address; Loopbox keeps no list of it.\n`,
  };
}

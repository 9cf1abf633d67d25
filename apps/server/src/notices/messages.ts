import { quoted, type MailMessage } from '../mail/messages.ts';
import type { NoticeKind } from './constants.ts';

/** Each notice as a headline (the notices page) and a mail subject. */
export const NOTICE_HEADLINES: Record<NoticeKind, string> = {
  held: 'Your GIF is waiting for review',
  approved: 'Your GIF was approved',
  hidden: 'The moderators hid your GIF',
  rated: "The moderators changed your GIF's rating",
  removed: 'The moderators removed your GIF',
  restored: 'The moderators restored your GIF',
  taken_down: 'Staff took your GIF down',
};

/** What each notice means for the GIF, one line. */
const CONSEQUENCES: Record<NoticeKind, string> = {
  held: 'Until a moderator approves it, it stays out of search, trending and channels.',
  approved: 'It shows wherever its visibility allows.',
  hidden: 'Others cannot see it; you still can, in My GIFs.',
  rated: 'It shows only where this rating is allowed; the rating is locked for you.',
  removed: 'It no longer shows anywhere; its files are deleted after the retention period.',
  restored: 'It shows again wherever its visibility allows.',
  taken_down: 'It no longer shows anywhere.',
};

export interface NoticeMail {
  kind: NoticeKind;
  username: string;
  gifId: string;
  title: string;
  reason: string;
  rating: string | null;
}

/** The mail a notice sends its owner: what happened to which GIF, why (the moderator's words, quoted), and links. */
export function noticeMessage(origin: string, notice: NoticeMail, noticesPage: string): MailMessage {
  const gif = notice.title ? `your GIF ${quoted(notice.title)}` : 'your GIF';
  const rating = notice.rating ? `\nNew rating: ${notice.rating.toUpperCase()}` : '';
  return {
    kind: 'gif_notice',
    subject: NOTICE_HEADLINES[notice.kind],
    body: `Hi ${notice.username},\n\n${NOTICE_HEADLINES[notice.kind]}: ${gif}.\n${CONSEQUENCES[notice.kind]}\n\nReason: ${notice.reason ? quoted(notice.reason) : 'none given'}${rating}\n\nThe GIF: ${origin}/gifs/${notice.gifId}\nYour notices: ${origin}${noticesPage}\n`,
  };
}

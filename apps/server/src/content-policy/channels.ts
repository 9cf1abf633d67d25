import { sql } from 'kysely';

/** A channel's states: hidden by its managers (`is_visible` false) or private; either keeps it from anyone but them. */
export interface ChannelStateColumns {
  is_visible: boolean;
  is_private: boolean;
}

/** Whether anyone may see a channel (its managers always may: channels/access.ts asks the permission table). */
export const channelOpen = (channel: ChannelStateColumns): boolean => channel.is_visible && !channel.is_private;

/** channelOpen as SQL, over the channel aliased `alias`. */
export const channelOpenScope = (alias: string) =>
  sql<boolean>`(${sql.ref(`${alias}.is_visible`)} AND NOT ${sql.ref(`${alias}.is_private`)})`;

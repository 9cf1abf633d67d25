import { channelTag, PURGE_HEADER } from '@loopbox/edge';
import { channelOpen } from '../content-policy/channels.ts';
import type { Context } from 'hono';
import { actorOf, type Actor } from '../auth/audit.ts';
import { authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import { subjectOf, type UserPrincipal } from '../auth/principal.ts';
import type { AuthDeps } from '../auth/context.ts';
import { can } from '../permissions/can.ts';
import { channelOwner, lookupOnce } from '../permissions/ownership.ts';
import { ApiError } from '../http/envelope.ts';
import type { Channel } from './store.ts';

/** Whether the caller may see this channel: anyone when it is visible and public, its managers always. */
export async function mayRead(c: Context<AuthEnv>, channel: Pick<Channel, 'is_visible' | 'is_private' | 'user_id'>): Promise<boolean> {
  if (channelOpen(channel)) return true;
  return can(subjectOf(await c.var.auth.principal()), 'channel.manage', channel.user_id);
}

/** The signed-in caller allowed to manage the channel (`channel.manage`: its owner or staff), and who they are for the log; 404 when there is no such channel. */
export async function managerOf(c: Context<AuthEnv>, deps: AuthDeps, id: number): Promise<{ user: UserPrincipal; actor: Actor }> {
  const owner = lookupOnce(() => channelOwner(deps.db, id));
  const user = await authorizeUser(c, 'channel.manage', owner);
  if ((await owner()) === undefined) throw new ApiError(404, `Channel ${id} not found`);
  return { user, actor: actorOf(user, c.var.auth.address) };
}

/** The purge header naming the channels whose cached answers the edge must drop. */
export const purgeChannels = (ids: readonly number[]) => ({ [PURGE_HEADER]: [...new Set(ids)].map(channelTag).join(', ') });

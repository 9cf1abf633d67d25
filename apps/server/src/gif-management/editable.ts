import type { Context } from 'hono';
import { actorOf, type Actor } from '../auth/audit.ts';
import { authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import type { UserPrincipal } from '../auth/principal.ts';
import { gifOwner, lookupOnce } from '../permissions/ownership.ts';
import { ApiError } from '../http/envelope.ts';
import type { AuthDeps } from '../auth/context.ts';

/** The caller allowed to change this GIF (`gif.edit`: its owner or staff), and as whom the change is logged; 404 for no such GIF. */
export async function editorOf<E extends AuthEnv>(
  c: Context<E>,
  deps: Pick<AuthDeps, 'db'>,
  gifId: string,
): Promise<{ principal: UserPrincipal; actor: Actor }> {
  const owner = lookupOnce(() => gifOwner(deps.db, gifId));
  const principal = await authorizeUser(c, 'gif.edit', owner);
  if ((await owner()) === undefined) throw new ApiError(404, `GIF ${gifId} not found`);
  return { principal, actor: actorOf(principal, c.var.auth.address) };
}

import type { Context } from 'hono';
import { can, reachOf, type Owner } from '../permissions/can.ts';
import { ROLES } from '../permissions/roles.ts';
import { SESSION_ONLY, type Action } from '../permissions/table.ts';
import { ApiError } from '../http/envelope.ts';
import type { AuthEnv } from './context.ts';
import { subjectOf, type Principal, type UserPrincipal } from './principal.ts';

/** The owner of the resource an action touches, or how to find it; `undefined` from a lookup: no such resource. */
export type OwnerOf = Owner | (() => Promise<Owner | undefined>);

/** The roles whose grant for the action reaches any resource, for messages. */
const reachingAny = (action: Action) => ROLES.filter((role) => reachOf({ audience: role }, action) === 'any');

function refuse(principal: Principal, action: Action, notOwner = false): never {
  if (principal.kind === 'anonymous') throw new ApiError(401, `Sign in first: ${action} needs a signed-in user`);
  if (notOwner) throw new ApiError(403, `Not allowed: only its owner or ${reachingAny(action).join(' or ')} may ${action} here`);
  if (principal.via === 'token' && SESSION_ONLY.has(action))
    throw new ApiError(403, `Not allowed with a token: ${action} needs the signed-in session`);
  throw new ApiError(403, `Not allowed: ${action} is not granted to ${principal.role}`);
}

/**
 * Asks the permission table whether the caller may take `action` on a resource of `owner`, and throws
 * 401 (not signed in) or 403 (signed in, not allowed) if not. A lookup is run only when the answer
 * depends on ownership, so callers refused outright learn nothing about the resource (not even
 * whether it exists). Omit `owner` for an action on the caller's own things.
 */
export async function authorize<E extends AuthEnv>(c: Context<E>, action: Action, owner?: OwnerOf): Promise<Principal> {
  const principal = await c.var.auth.principal();
  const subject = subjectOf(principal);
  const reach = reachOf(subject, action);
  if (reach === undefined) refuse(principal, action);
  if (reach === 'any' || owner === undefined) return principal;
  const found = typeof owner === 'function' ? await owner() : owner;
  if (!can(subject, action, found ?? null)) refuse(principal, action, true);
  return principal;
}

/**
 * The part of authorize that needs nothing from the request but its caller: refuses (401 or 403) a
 * caller the table grants none of `actions`, at any reach. Guarded routes run it before reading their
 * input (route-guard.ts), so a refused caller learns nothing about the body, parameters or resources.
 */
export async function requireGrant<E extends AuthEnv>(c: Context<E>, actions: readonly [Action, ...Action[]]): Promise<Principal> {
  const principal = await c.var.auth.principal();
  const subject = subjectOf(principal);
  if (!actions.some((action) => reachOf(subject, action) !== undefined)) refuse(principal, actions[0]);
  return principal;
}

/** authorize, for actions only a signed-in user can take; returns that user. */
export async function authorizeUser<E extends AuthEnv>(c: Context<E>, action: Action, owner?: OwnerOf): Promise<UserPrincipal> {
  const principal = await authorize(c, action, owner);
  if (principal.kind === 'anonymous') refuse(principal, action);
  return principal;
}

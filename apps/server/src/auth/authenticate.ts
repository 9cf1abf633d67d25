import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { accountsDb, type AccountsDb } from '../accounts/schema.ts';
import { ApiError } from '../http/envelope.ts';
import { sessionBySecret, touchSession } from '../sessions/store.ts';
import { tokenBySecret, touchToken } from '../tokens/store.ts';
import { clientAddress } from '../http/client.ts';
import { CSRF_HEADER, SESSION_COOKIE, TOUCH_EVERY_MS } from './constants.ts';
import type { AuthDeps, AuthEnv } from './context.ts';
import { ANONYMOUS, type Principal } from './principal.ts';
import { csrfTokenFor, sameSecret } from './secrets.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const BEARER = /^Bearer ([A-Za-z0-9_.~+/=-]{16,200})$/;

interface Resolved {
  principal: Principal;
  /** Records the use after a successful answer (at most every TOUCH_EVERY_MS). */
  touch?: () => Promise<void>;
}

async function resolve(c: Context, db: AccountsDb): Promise<Resolved> {
  const authorization = c.req.header('authorization');
  if (authorization !== undefined) {
    const token = BEARER.exec(authorization)?.[1];
    if (!token) throw new ApiError(401, 'Authorization must be "Bearer <token>"');
    const found = await tokenBySecret(db, token);
    if (!found) throw new ApiError(401, 'Invalid or revoked token');
    const stale = !found.lastUsedAt || Date.now() - found.lastUsedAt.getTime() > TOUCH_EVERY_MS;
    return {
      principal: { kind: 'user', userId: found.userId, username: found.username, role: found.role, via: 'token', tokenId: found.id },
      ...(stale ? { touch: () => touchToken(db, found.id) } : {}),
    };
  }
  const secret = getCookie(c, SESSION_COOKIE);
  if (!secret) return { principal: ANONYMOUS };
  const session = await sessionBySecret(db, secret);
  if (!session) return { principal: ANONYMOUS };
  const csrfToken = csrfTokenFor(secret);
  // The edge checks the header against the cookie; here it is checked against the session itself.
  if (!SAFE_METHODS.has(c.req.method) && !sameSecret(c.req.header(CSRF_HEADER) ?? '', csrfToken)) {
    throw new ApiError(403, `CSRF check failed: a change made with the session cookie needs the ${CSRF_HEADER} header of the session`);
  }
  const stale = Date.now() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS;
  return {
    principal: {
      kind: 'user',
      userId: session.userId,
      username: session.username,
      role: session.role,
      via: 'session',
      sessionId: session.id,
      csrfToken,
    },
    ...(stale ? { touch: () => touchSession(db, session) } : {}),
  };
}

/**
 * Gives every request `c.var.auth`: its client address and a principal looked up on first ask
 * (a bearer token, else the session cookie with its CSRF check on changes, else anonymous).
 * Reads that never ask cost nothing. A credential's last use is recorded only after a successful
 * answer, so a refused call changes nothing in the store.
 */
export function authenticate(deps: AuthDeps): MiddlewareHandler<AuthEnv> {
  const db = accountsDb(deps.db);
  return async (c, next) => {
    let resolved: Promise<Resolved> | undefined;
    c.set('auth', {
      address: clientAddress(c),
      principal: async () => {
        resolved ??= resolve(c, db);
        return (await resolved).principal;
      },
    });
    await next();
    if (resolved && c.res.status < 400) {
      // A caller that failed to resolve was refused by the handler that asked; there is nothing to touch.
      const touch = (await resolved.catch(() => undefined))?.touch;
      await touch?.();
    }
  };
}

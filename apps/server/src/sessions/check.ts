import { Hono } from 'hono';
import { accountsDb } from '../accounts/schema.ts';
import { loadProfile } from '../accounts/profile-view.ts';
import type { AuthEnv } from '../auth/context.ts';
import { getCookie } from 'hono/cookie';
import { CSRF_COOKIE } from '../auth/constants.ts';
import type { AuthDeps } from '../auth/context.ts';
import { linksOf } from '../http/origin.ts';
import { presentUser } from '../public-api/present.ts';
import { grantsOf } from '../permissions/can.ts';
import { subjectOf } from '../auth/principal.ts';
import { setCsrfCookie } from './cookies.ts';
import { describe } from '../openapi/describe.ts';
import type { Built } from '@loopbox/contract/common';
import { LoginState } from '@loopbox/contract/sessions';
import { signedOutState } from '@loopbox/contract/signed-out';

/**
 * GET /login/check: the logged-in user state of SPEC 3 (loggedInStatus, userType — the role, or
 * `anonymous` —, verifiedStatus — the profile's verified badge —, userID, loginMethod) with what the
 * site's header shows (username, display name, avatar) and, for a cookie session, its CSRF token,
 * whose cookie is re-issued if the client lost it, and `permissions`: the permission table's answer
 * for this caller (every action it may take, `any` or `own`), so the site shows links and defaults
 * (Upload, Dashboard, a creator's own figures) without comparing roles. Routes still decide alone.
 */
export function loginCheckRoutes(deps: AuthDeps) {
  const db = accountsDb(deps.db);
  const app = new Hono<AuthEnv>();
  app.get(
    '/login/check',
    describe({
      tag: 'accounts',
      summary: 'Who is calling',
      description:
        "The caller's signed-in state (SPEC 3's logged-in user state) with the permission table's answer for them: each action they may take and how far. Anonymous callers get the anonymous state.",
      response: LoginState,
      access: 'anyone',
    }),
    async (c) => {
      const principal = await c.var.auth.principal();
      c.header('Cache-Control', 'no-store');
      const anonymous = signedOutState(grantsOf({ audience: 'anonymous' }));
      if (principal.kind === 'anonymous') return c.json(anonymous);
      const profile = await loadProfile(db, principal.userId);
      if (!profile) return c.json(anonymous);
      if (principal.csrfToken && getCookie(c, CSRF_COOKIE) !== principal.csrfToken) setCsrfCookie(c, principal.csrfToken, deps.publicUrl);
      const { id, username, display_name, avatar_url, profile_url } = presentUser(profile, linksOf(c, deps));
      const signedIn: Built<typeof LoginState> = {
        loggedInStatus: true,
        userType: principal.role,
        verifiedStatus: profile.is_verified,
        userID: principal.userId,
        loginMethod: principal.via === 'session' ? 'password' : 'token',
        emailVerified: profile.email_verified_at !== null,
        csrfToken: principal.csrfToken ?? null,
        user: { id, username, display_name, avatar_url, profile_url },
        permissions: grantsOf(subjectOf(principal)),
      };
      return c.json(signedIn);
    },
  );
  return app;
}

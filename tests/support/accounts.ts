/**
 * A server wired as `npm start` wires it (the edge in front of the app, in one process) with the
 * accounts' options a test needs: a real SMTP server and mail sender, abuse limits, a log to read.
 * Plus people: accounts of any role made straight in the store, each with a cookie session and a
 * personal access token, and a request helper that calls as one of them.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createAccount } from '../../apps/server/src/accounts/create.ts';
import { accountsDb, type AccountsDb } from '../../apps/server/src/accounts/schema.ts';
import { USER_ID_MIN } from '../../apps/server/src/accounts/constants.ts';
import type { AttemptLimitSettings } from '../../apps/server/src/auth/attempt-limits.ts';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '../../apps/server/src/auth/constants.ts';
import { hashPassword } from '../../apps/server/src/auth/passwords.ts';
import { csrfTokenFor } from '../../apps/server/src/auth/secrets.ts';
import type { Role } from '../../apps/server/src/permissions/roles.ts';
import { createSession } from '../../apps/server/src/sessions/store.ts';
import type { Store, StoreKind } from '../../apps/server/src/store/db.ts';
import type { Credentials } from '../../apps/server/src/tokens/credentials.ts';
import type { MailSender } from '../../apps/server/src/mail/sender.ts';
import type { JobSettings } from '../../apps/server/src/platform.ts';
import type { Database } from '../../apps/server/src/store/schema.ts';
import { createAccessToken } from '../../apps/server/src/tokens/store.ts';
import { TEST_MEDIA_DIR } from './corpus.ts';
import type { TestSmtp } from './smtp.ts';
import { startTestServer, type TestServer, type TestServerOptions } from './server.ts';

export interface TestUser {
  userId: number;
  username: string;
  email: string;
  role: Role;
  /** Set when the account was made with one (logging in costs a real scrypt). */
  password?: string;
  sessionSecret: string;
  csrfToken: string;
  token: string;
}

export interface CallOptions {
  as?: TestUser;
  /** How `as` proves who they are: the cookie session (default) or the personal access token. */
  via?: 'session' | 'token';
  /** With a session: send the X-CSRFToken header (default true). */
  csrf?: boolean;
  json?: unknown;
  form?: FormData;
  /** Raw bytes (tus's PATCH), with the headers the call sets. */
  body?: Uint8Array;
  headers?: Record<string, string>;
  /** Cookies as a browser would send them (a session made over HTTP). */
  cookie?: string;
  /** Call the app itself, bypassing the edge (to prove the service's own checks). */
  direct?: boolean;
}

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
  text: string;
}

export interface AccountsServer extends Credentials {
  baseUrl: string;
  store: Store;
  db: AccountsDb;
  /** The projections' runner (catchUp folds what was logged). */
  analytics: TestServer['analytics'];
  /** Every line the server and the edge logged. */
  logLines: string[];
  smtp: TestSmtp | undefined;
  mail: MailSender | undefined;
  /** Everything this server answered (bodies as text and headers), for the no-secrets-in-clear checks. */
  answers: { url: string; status: number; headers: string; text: string }[];
  call(method: string, pathAndQuery: string, options?: CallOptions): Promise<Answer>;
  makeUser(role: Role, options?: { password?: string; username?: string; email?: string; emailVerified?: boolean }): Promise<TestUser>;
  close(): Promise<void>;
}

export interface AccountsServerOptions {
  smtp?: boolean;
  jobs?: JobSettings;
  attemptLimits?: Partial<AttemptLimitSettings>;
  web?: boolean;
  uploads?: TestServerOptions['uploads'];
  mediaStore?: TestServerOptions['mediaStore'];
  mediaPublicUrl?: TestServerOptions['mediaPublicUrl'];
  ffmpegPath?: string;
  spotifyOembedUrl?: string;
  clock?: TestServerOptions['clock'];
  /** Edge settings beside the lifted rate limits. */
  env?: Record<string, string>;
}

const CLI_ACTOR = { userId: null, via: 'cli', address: 'test' } as const;

/** A unique username for a test account (the prefix lets close() find its avatar files). */
export const testUsername = (prefix = 't') => `${prefix}_${randomBytes(5).toString('hex')}`;

export async function startAccountsServer(kind: StoreKind, options: AccountsServerOptions = {}): Promise<AccountsServer> {
  // Every test calls from one address: the edge's per-address limit is lifted (the abuse limits under test are the service's).
  const server = await startTestServer(kind, {
    ...options,
    env: { RATE_LIMIT_PER_ADDRESS: '1000000', RATE_LIMIT_PER_KEY: '1000000', ACCESS_LOG: 'on', ...options.env },
  });
  const { baseUrl } = server;
  const db = accountsDb(server.store.db);
  const answers: AccountsServer['answers'] = [];

  async function call(method: string, pathAndQuery: string, o: CallOptions = {}): Promise<Answer> {
    const headers = new Headers(o.headers);
    if (o.as && (o.via ?? 'session') === 'session') {
      headers.set('Cookie', `${SESSION_COOKIE}=${o.as.sessionSecret}; ${CSRF_COOKIE}=${o.as.csrfToken}`);
      if (o.csrf !== false) headers.set(CSRF_HEADER, o.as.csrfToken);
    }
    if (o.as && o.via === 'token') headers.set('Authorization', `Bearer ${o.as.token}`);
    if (o.cookie) headers.set('Cookie', o.cookie);
    let body: BodyInit | undefined;
    if (o.json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(o.json);
    } else if (o.form) body = o.form;
    else if (o.body) body = new Uint8Array(o.body);
    const init: RequestInit = { method, headers, body: body ?? null, redirect: 'manual' };
    const res = o.direct
      ? await server.services(new Request(new URL(pathAndQuery, baseUrl), init))
      : await fetch(new URL(pathAndQuery, baseUrl), init);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    answers.push({ url: pathAndQuery, status: res.status, headers: [...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n'), text });
    return { status: res.status, body: parsed, headers: res.headers, text };
  }

  async function makeUser(
    role: Role,
    o: { password?: string; username?: string; email?: string; emailVerified?: boolean } = {},
  ): Promise<TestUser> {
    const username = o.username ?? testUsername(role);
    const email = o.email ?? `${username}@example.test`;
    const passwordHash = o.password ? await hashPassword(o.password) : null;
    return db.transaction().execute(async (trx) => {
      const userId = await createAccount(trx, { username, email, passwordHash, role, emailVerified: o.emailVerified ?? true }, CLI_ACTOR);
      const session = await createSession(trx, userId, { address: '127.0.0.1', userAgent: 'test' });
      const token = await createAccessToken(trx, userId, { label: 'test', scope: role });
      return {
        userId,
        username,
        email,
        role,
        ...(o.password ? { password: o.password } : {}),
        sessionSecret: session.secret,
        csrfToken: csrfTokenFor(session.secret),
        token: token.token,
      };
    });
  }

  return {
    webKey: server.webKey,
    mobileKey: server.mobileKey,
    adminToken: server.adminToken,
    baseUrl,
    store: server.store,
    db,
    analytics: server.analytics,
    logLines: server.logs,
    smtp: server.smtp,
    mail: server.mail,
    answers,
    call,
    makeUser,
    async close() {
      // Avatars uploaded by test accounts (made with random ids) go; the shared corpus media stays.
      const made = await db.selectFrom('users').select('username').where('id', '>=', USER_ID_MIN).execute();
      for (const { username } of made) fs.rmSync(path.join(TEST_MEDIA_DIR, 'avatars', username), { recursive: true, force: true });
      await server.close();
    },
  };
}

/** Cookies of a new staff account's session on `baseUrl`, for a browser context (context.addCookies). */
export async function staffSessionCookies(
  database: Kysely<Database>,
  baseUrl: string,
): Promise<{ name: string; value: string; url: string }[]> {
  const db = accountsDb(database);
  const username = testUsername('staff');
  const secret = await db.transaction().execute(async (trx) => {
    const userId = await createAccount(
      trx,
      { username, email: `${username}@example.test`, passwordHash: null, role: 'staff', emailVerified: true },
      CLI_ACTOR,
    );
    return (await createSession(trx, userId, { address: '127.0.0.1', userAgent: 'test' })).secret;
  });
  return [
    { name: SESSION_COOKIE, value: secret, url: baseUrl },
    { name: CSRF_COOKIE, value: csrfTokenFor(secret), url: baseUrl },
  ];
}

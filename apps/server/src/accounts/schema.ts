import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Role } from '../permissions/roles.ts';
import type { Database, Timestamp, MaybeTimestamp } from '../store/schema.ts';
import type { SocialLinks as SocialLinksSchema } from '@loopbox/contract/accounts';
import type { Built } from '@loopbox/contract/common';
import type { MailKind } from '@loopbox/contract/mail';

/** Profile links a person may show, by network; each value is an http(s) URL. */
export type SocialLinks = Built<typeof SocialLinksSchema>;

/** The tables and columns of migration 005 (accounts, sessions, tokens, mail, favorites) and 020 (pending sign-ups). */
export type AccountsTables = {
  /** Columns added to users. */
  users: {
    role: ColumnType<Role, Role | undefined, Role>;
    social_links: ColumnType<SocialLinks, string | undefined, string>;
  };
  accounts: {
    user_id: number;
    email: string;
    email_verified_at: MaybeTimestamp;
    password_hash: string | null;
    password_changed_at: MaybeTimestamp;
    created_at: Timestamp;
  };
  account_tokens: {
    token_hash: string;
    user_id: number;
    purpose: 'verify_email' | 'reset_password';
    email: string;
    created_at: Timestamp;
    expires_at: ColumnType<Date, Date, Date>;
    used_at: MaybeTimestamp;
  };
  sessions: {
    id: Generated<string>;
    secret_hash: string;
    user_id: number;
    created_at: Timestamp;
    last_seen_at: Timestamp;
    expires_at: ColumnType<Date, Date, Date>;
    revoked_at: MaybeTimestamp;
    address: ColumnType<string, string | undefined, string>;
    user_agent: ColumnType<string, string | undefined, string>;
  };
  /** Columns added to access_tokens (the admin token's table). */
  access_tokens: {
    id: Generated<string>;
    scope: Role | null;
    hint: ColumnType<string, string | undefined, string>;
    last_used_at: MaybeTimestamp;
    revoked_at: MaybeTimestamp;
  };
  mail_outbox: {
    id: ColumnType<string, never, never>;
    kind: MailKind;
    to_address: string;
    subject: string;
    body: string | null;
    created_at: Timestamp;
    attempts: ColumnType<number, number | undefined, number>;
    next_attempt_at: Timestamp;
    sent_at: MaybeTimestamp;
    failed_at: MaybeTimestamp;
    last_error: string | null;
  };
  favorites: {
    user_id: number;
    gif_id: string;
    created_at: Timestamp;
  };
  /** Migration 020: sign-ups waiting for their mailed link (accounts/signup-requests.ts). */
  signup_requests: {
    token_hash: string;
    username: string;
    email: string;
    password_hash: string;
    created_at: Timestamp;
    expires_at: ColumnType<Date, Date, Date>;
  };
};

export type AccountsDb = Kysely<Database & AccountsTables>;

/** The store seen with migration 005's tables. */
export function accountsDb(db: Kysely<Database>): AccountsDb {
  return db.withTables<AccountsTables>();
}

/** The same connection or transaction seen without them, for code typed on the base schema (the event log). */
export function baseDb(db: AccountsDb): Kysely<Database> {
  return db as unknown as Kysely<Database>;
}

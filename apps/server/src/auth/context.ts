import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { AttemptLimiter } from './attempt-limits.ts';
import type { Principal } from './principal.ts';

/** What a request learns about its caller; the principal is looked up only when a route asks. */
export interface RequestAuth {
  principal(): Promise<Principal>;
  /** The client's address, for audit events and per-address limits. */
  address: string;
}

export type AuthEnv = { Variables: { auth: RequestAuth } };

/** What signing in needs: the store, the abuse limits and where the site is served from. */
export interface AuthDeps {
  db: Kysely<Database>;
  limits: AttemptLimiter;
  /** Absolute origin of the site (PUBLIC_URL); cookies are Secure when it is https. */
  publicUrl?: string | undefined;
}

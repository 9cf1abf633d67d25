import type { Kysely } from 'kysely';
import type { Clock } from '../jobs/clock.ts';
import type { PayloadSigner } from '../payload-signing/signer.ts';
import type { Database } from '../store/schema.ts';

/** What the stories service needs: the shared store, the payload signer, the site's origin and a clock. */
export interface StoriesDeps {
  db: Kysely<Database>;
  payloads: PayloadSigner;
  /** Absolute origin for links and media (PUBLIC_URL); the request's own when absent. */
  publicUrl?: string | undefined;
  /** When trending entries start to show. */
  clock: Clock;
  log?: (line: string) => void;
  /** Check every answer against its route's response schema (CHECK_ANSWERS). */
  checkAnswers?: boolean;
}

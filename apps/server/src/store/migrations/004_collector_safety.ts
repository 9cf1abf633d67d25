import { sql, type Kysely } from 'kysely';

/**
 * Secrets that sign analytics_response_payload (payload-signing/), and the collector's dead-letter
 * table: every event it refused, with why, so refusals are counted and never silently lost.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE payload_signing_keys (
    kid text PRIMARY KEY,
    secret text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now())`.execute(db);
  await sql`CREATE TABLE collector_rejects (
    id bigserial PRIMARY KEY,
    received_at timestamptz NOT NULL DEFAULT now(),
    route text NOT NULL,
    reason text NOT NULL,
    api_key text,
    raw text NOT NULL)`.execute(db);
  await sql`CREATE INDEX collector_rejects_received_at ON collector_rejects (received_at)`.execute(db);
}

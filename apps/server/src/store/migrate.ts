import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import * as m001 from './migrations/001_init.ts';
import * as m002 from './migrations/002_projections.ts';
import * as m003 from './migrations/003_page_views.ts';
import * as m004 from './migrations/004_collector_safety.ts';
import * as m005 from './migrations/005_accounts.ts';
import * as m009 from './migrations/009_read_path.ts';
import * as m010 from './migrations/010_creators.ts';
import * as m011 from './migrations/011_channels.ts';
import * as m012 from './migrations/012_stories_scheduler.ts';
import * as m013 from './migrations/013_moderation.ts';
import * as m015 from './migrations/015_developers.ts';
import * as m016 from './migrations/016_content_changes.ts';
import * as m017 from './migrations/017_search_table.ts';
import * as m018 from './migrations/018_content_policy.ts';
import * as m019 from './migrations/019_trending_searchers.ts';
import * as m020 from './migrations/020_signup_requests.ts';
import * as m021 from './migrations/021_trust_levels.ts';
import * as m022 from './migrations/022_channel_applications.ts';
import * as m023 from './migrations/023_notifications.ts';
import * as m024 from './migrations/024_made_from.ts';
import * as m025 from './migrations/025_gif_media_objects.ts';
import * as m026 from './migrations/026_trending_search_changes.ts';
import * as m027 from './migrations/027_categories_content_changes.ts';
import * as m028 from './migrations/028_search_changes.ts';
import * as m029 from './migrations/029_search_changes_pruned.ts';
import { LOCK_KEYS } from './lock-keys.ts';

/** Every migration by name, in the order Kysely's `Migrator` applies them (names sort as numbers do). */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '001_init': m001,
  '002_projections': m002,
  '003_page_views': m003,
  '004_collector_safety': m004,
  '005_accounts': m005,
  '009_read_path': m009,
  '010_creators': m010,
  '011_channels': m011,
  '012_stories_scheduler': m012,
  '013_moderation': m013,
  '015_developers': m015,
  '016_content_changes': m016,
  '017_search_table': m017,
  '018_content_policy': m018,
  '019_trending_searchers': m019,
  '020_signup_requests': m020,
  '021_trust_levels': m021,
  '022_channel_applications': m022,
  '023_notifications': m023,
  '024_made_from': m024,
  '025_gif_media_objects': m025,
  '026_trending_search_changes': m026,
  '027_categories_content_changes': m027,
  '028_search_changes': m028,
  '029_search_changes_pruned': m029,
};

/**
 * Applies every migration not yet recorded, with Kysely's `Migrator` (its own advisory lock; on
 * PostgreSQL all pending migrations in one transaction). Returns the names applied.
 */
export async function migrate(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  await adoptEarlierRecord(db, migrator);
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) throw error;
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/**
 * Databases made before the Migrator recorded their versions in `schema_migrations` (version, name):
 * those become Kysely's records (`001_init` for version 1 "init"), once, whichever process starts first.
 */
async function adoptEarlierRecord(db: Kysely<any>, migrator: Migrator): Promise<void> {
  const earlier = async (trx: Kysely<any>) =>
    (await sql<{ found: string | null }>`SELECT to_regclass('schema_migrations')::text AS found`.execute(trx)).rows[0]?.found;
  if (!(await earlier(db))) return;
  await migrator.getMigrations(); // makes Kysely's own tables
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${LOCK_KEYS.migrations})`.execute(trx);
    if (!(await earlier(trx))) return;
    await sql`INSERT INTO kysely_migration (name, timestamp)
      SELECT lpad(version::text, 3, '0') || '_' || name, to_char(applied_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      FROM schema_migrations ON CONFLICT (name) DO NOTHING`.execute(trx);
    await sql`DROP TABLE schema_migrations`.execute(trx);
  });
}

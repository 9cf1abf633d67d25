import { sql, type Kysely } from 'kysely';
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
import { LOCK_KEYS } from './lock-keys.ts';

interface Migration {
  version: number;
  name: string;
  up(db: Kysely<any>): Promise<void>;
}

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'init', up: m001.up },
  { version: 2, name: 'projections', up: m002.up },
  { version: 3, name: 'page_views', up: m003.up },
  { version: 4, name: 'collector_safety', up: m004.up },
  { version: 5, name: 'accounts', up: m005.up },
  { version: 9, name: 'read_path', up: m009.up },
  { version: 10, name: 'creators', up: m010.up },
  { version: 11, name: 'channels', up: m011.up },
  { version: 12, name: 'stories_scheduler', up: m012.up },
  { version: 13, name: 'moderation', up: m013.up },
  { version: 15, name: 'developers', up: m015.up },
  { version: 16, name: 'content_changes', up: m016.up },
  { version: 17, name: 'search_table', up: m017.up },
  { version: 18, name: 'content_policy', up: m018.up },
  { version: 19, name: 'trending_searchers', up: m019.up },
  { version: 20, name: 'signup_requests', up: m020.up },
  { version: 21, name: 'trust_levels', up: m021.up },
  { version: 22, name: 'channel_applications', up: m022.up },
  { version: 23, name: 'notifications', up: m023.up },
  { version: 24, name: 'made_from', up: m024.up },
  { version: 25, name: 'gif_media_objects', up: m025.up },
];

/** Applies every migration not yet recorded, each in its own transaction. Returns the versions applied. */
export async function migrate(db: Kysely<any>): Promise<number[]> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`.execute(db);
  const applied: number[] = [];
  for (const migration of MIGRATIONS) {
    const done = await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${LOCK_KEYS.migrations})`.execute(trx);
      const row = await sql`SELECT 1 FROM schema_migrations WHERE version = ${migration.version}`.execute(trx);
      if (row.rows.length > 0) return false;
      await migration.up(trx);
      await sql`INSERT INTO schema_migrations (version, name) VALUES (${migration.version}, ${migration.name})`.execute(trx);
      return true;
    });
    if (done) applied.push(migration.version);
  }
  return applied;
}

import { sql, type Kysely } from 'kysely';

/** Page views per page type and UTC day, folded from `analytics.page_view` (analytics/projectors/page-views.ts). */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE page_views_daily (page_type text NOT NULL, day date NOT NULL, views bigint NOT NULL DEFAULT 0, PRIMARY KEY (page_type, day))`.execute(
    db,
  );
}

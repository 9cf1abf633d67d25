import { sql } from 'kysely';
import { FAIR_SHARE_WINDOW_MS } from './constants.ts';
import type { CreatorsDb, UploadFields, UploadOrigin, UploadState } from './schema.ts';
import type { UploadProblemCode } from '@loopbox/contract/uploads';

export interface UploadRow {
  id: string;
  user_id: number;
  gif_id: string;
  origin: UploadOrigin;
  state: UploadState;
  filename: string;
  source_url: string | null;
  size: string;
  fields: UploadFields;
  progress: number;
  attempts: number;
  claimed_by: string | null;
  error_code: UploadProblemCode | null;
  error: string | null;
  address: string;
  via: string;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}

export interface NewUploadRow {
  id: string;
  userId: number;
  gifId: string;
  origin: UploadOrigin;
  state: UploadState;
  filename: string;
  sourceUrl?: string | null;
  size?: number;
  fields: UploadFields;
  address: string;
  via: string;
}

/** Records an upload, or replaces the record of the same id (a transfer's provisional one, still `receiving`). */
export async function upsertUpload(db: CreatorsDb, u: NewUploadRow): Promise<void> {
  const values = {
    user_id: u.userId,
    gif_id: u.gifId,
    origin: u.origin,
    state: u.state,
    filename: u.filename,
    source_url: u.sourceUrl ?? null,
    size: u.size ?? 0,
    fields: JSON.stringify(u.fields),
    address: u.address,
    via: u.via,
  };
  await db
    .insertInto('uploads')
    .values({ id: u.id, ...values })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({ ...values, updated_at: new Date() })
        .where('uploads.state', '=', 'receiving'),
    )
    .execute();
}

/** Removes a provisional record whose transfer was refused (one still `receiving`: a refused call leaves nothing). */
export async function discardReceiving(db: CreatorsDb, id: string): Promise<void> {
  await db.deleteFrom('uploads').where('id', '=', id).where('state', '=', 'receiving').execute();
}

export async function uploadById(db: CreatorsDb, id: string): Promise<UploadRow | undefined> {
  return (await db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst()) as UploadRow | undefined;
}

/** The owner of an upload (ownership lookups), `undefined` when there is none. */
export async function uploadOwner(db: CreatorsDb, id: string): Promise<number | undefined> {
  return (await db.selectFrom('uploads').select('user_id').where('id', '=', id).executeTakeFirst())?.user_id;
}

export async function setUploadState(
  db: CreatorsDb,
  id: string,
  state: UploadState,
  extra: { size?: number; progress?: number } = {},
): Promise<void> {
  await db
    .updateTable('uploads')
    .set({ state, ...extra, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function failUpload(db: CreatorsDb, id: string, code: UploadProblemCode, message: string): Promise<void> {
  await db
    .updateTable('uploads')
    .set({ state: 'failed', error_code: code, error: message, claimed_by: null, updated_at: new Date(), finished_at: new Date() })
    .where('id', '=', id)
    .where('state', '<>', 'done')
    .execute();
}

/**
 * Takes the next queued upload for this process, fairly among creators: each queued upload is
 * ranked by how many of its creator's uploads were claimed within FAIR_SHARE_WINDOW_MS plus its
 * place in its creator's queue, and the lowest rank goes first (then the oldest). So a creator with
 * one upload waits behind at most one of a heavy creator's, not all of them. SKIP LOCKED lets
 * several processes share one queue: each takes the best upload no other is taking. With `received`,
 * only among those uploads (the ones whose received file is on this process's disk).
 */
export async function claimNextUpload(db: CreatorsDb, claimer: string, received?: readonly string[]): Promise<UploadRow | undefined> {
  if (received?.length === 0) return undefined;
  const servedSince = new Date(Date.now() - FAIR_SHARE_WINDOW_MS);
  const result = await sql<UploadRow>`
    WITH queue AS (
      SELECT id, user_id, row_number() OVER (PARTITION BY user_id ORDER BY created_at, id) AS place FROM uploads WHERE state = 'queued'
    ), served AS (
      SELECT user_id, count(*) AS n FROM uploads
      WHERE user_id IN (SELECT user_id FROM queue) AND attempts > 0 AND (state = 'processing' OR finished_at >= ${servedSince})
      GROUP BY user_id
    )
    UPDATE uploads SET state = 'processing', claimed_by = ${claimer}, attempts = attempts + 1, progress = 0, updated_at = now()
    WHERE id = (
      SELECT u.id FROM uploads u
      JOIN queue ON queue.id = u.id
      LEFT JOIN served ON served.user_id = queue.user_id
      WHERE u.state = 'queued' ${received ? sql`AND u.id IN (${sql.join(received)})` : sql``}
      ORDER BY queue.place + coalesce(served.n, 0), u.created_at, u.id
      LIMIT 1
      FOR UPDATE OF u SKIP LOCKED)
    RETURNING *`.execute(db);
  return result.rows[0];
}

/** Processing reports that it lives (and how far it is). */
export async function heartbeat(db: CreatorsDb, id: string, claimer: string, progress: number): Promise<void> {
  await db
    .updateTable('uploads')
    .set({ progress, updated_at: new Date() })
    .where('id', '=', id)
    .where('claimed_by', '=', claimer)
    .where('state', '=', 'processing')
    .execute();
}

/** A person's uploads, newest first, with those still open. */
export async function recentUploads(db: CreatorsDb, userId: number, limit: number): Promise<UploadRow[]> {
  return (await db
    .selectFrom('uploads')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute()) as UploadRow[];
}

import { sql } from 'kysely';
import type { CreatorsDb, UploadFields, UploadOrigin, UploadState } from './schema.ts';

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
  error_code: string | null;
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

export async function insertUpload(db: CreatorsDb, u: NewUploadRow): Promise<void> {
  await db
    .insertInto('uploads')
    .values({ id: u.id, user_id: u.userId, gif_id: u.gifId, origin: u.origin, state: u.state, filename: u.filename, source_url: u.sourceUrl ?? null, size: u.size ?? 0, fields: JSON.stringify(u.fields), address: u.address, via: u.via })
    .execute();
}

export async function uploadById(db: CreatorsDb, id: string): Promise<UploadRow | undefined> {
  return (await db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst()) as UploadRow | undefined;
}

/** The owner of an upload (ownership lookups), `undefined` when there is none. */
export async function uploadOwner(db: CreatorsDb, id: string): Promise<number | undefined> {
  return (await db.selectFrom('uploads').select('user_id').where('id', '=', id).executeTakeFirst())?.user_id;
}

export async function setUploadState(db: CreatorsDb, id: string, state: UploadState, extra: { size?: number; progress?: number } = {}): Promise<void> {
  await db.updateTable('uploads').set({ state, ...extra, updated_at: new Date() }).where('id', '=', id).execute();
}

export async function failUpload(db: CreatorsDb, id: string, code: string, message: string): Promise<void> {
  await db.updateTable('uploads').set({ state: 'failed', error_code: code, error: message, claimed_by: null, updated_at: new Date(), finished_at: new Date() }).where('id', '=', id).where('state', '<>', 'done').execute();
}

/** Takes the oldest queued upload for this process, or none; SKIP LOCKED lets several processes share one queue. */
export async function claimNextUpload(db: CreatorsDb, claimer: string): Promise<UploadRow | undefined> {
  const result = await sql<UploadRow>`
    UPDATE uploads SET state = 'processing', claimed_by = ${claimer}, attempts = attempts + 1, progress = 0, updated_at = now()
    WHERE id = (SELECT id FROM uploads WHERE state = 'queued' ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING *`.execute(db);
  return result.rows[0];
}

/** Processing reports that it lives (and how far it is). */
export async function heartbeat(db: CreatorsDb, id: string, claimer: string, progress: number): Promise<void> {
  await db.updateTable('uploads').set({ progress, updated_at: new Date() }).where('id', '=', id).where('claimed_by', '=', claimer).where('state', '=', 'processing').execute();
}

/** A person's uploads, newest first, with those still open. */
export async function recentUploads(db: CreatorsDb, userId: number, limit: number): Promise<UploadRow[]> {
  return (await db.selectFrom('uploads').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').limit(limit).execute()) as UploadRow[];
}

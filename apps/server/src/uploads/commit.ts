import fs from 'node:fs/promises';
import { sql } from 'kysely';
import { appendEventsReturningIds } from '../store/events.ts';
import { deleteGifObjects, storeGifFiles } from '../media-store/gif-objects.ts';
import type { MediaStore } from '../media-store/media-store.ts';
import type { LinkOrigin } from '../mail/link-origin.ts';
import { recordNotices } from '../notices/record.ts';
import type { ProcessedUpload } from './process.ts';
import { recordMadeFrom } from '../made-from/credit.ts';
import { baseOf, type CreatorsDb } from './schema.ts';
import type { UploadRow } from './store.ts';
import { committedState, trustOf, type TrustSettings } from './trust.ts';
import type { UploadReview, VisibilityPolicy } from './visibility.ts';

/** The rating an upload gets when its creator gave none: the public API's default, so it shows where nothing asks for less. */
export const DEFAULT_UPLOAD_RATING = 'pg-13';

function slugWords(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)
    .replace(/-$/, '');
}

/** A title from the file's name when the creator gave none: "my-cat_jump.gif" → "my cat jump". */
export function titleFromFilename(filename: string): string {
  return filename
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .slice(0, 140);
}

/**
 * Makes a processed upload visible, all at once. First every file of the finished rendition folder
 * is put in the media store under the GIF's id, its keys recorded (media-store/gif-objects.ts);
 * the media door serves no file of a GIF without a row, so these are unreachable until then. Then
 * the GIF row, its visual features, the upload's `done` state and the `gif.uploaded` event commit
 * in one transaction: the GIF appears with every file in place. A failed put or commit deletes what
 * was stored (a store still unreachable leaves the recorded keys to recoverUploads). With `trust`, a
 * new account's GIF is committed in review (uploads/trust.ts), its level read in the same transaction.
 */
export async function commitUpload(
  db: CreatorsDb,
  o: {
    upload: UploadRow;
    processed: ProcessedUpload;
    stagingDir: string;
    store: MediaStore;
    policy: VisibilityPolicy;
    review?: UploadReview;
    trust?: TrustSettings;
    linkOrigin?: LinkOrigin;
  },
): Promise<void> {
  const { upload, processed } = o;
  const base = baseOf(db);
  try {
    await storeGifFiles(base, o.store, upload.gif_id, o.stagingDir);
    await db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').select('username').where('id', '=', upload.user_id).executeTakeFirstOrThrow();
      const title = upload.fields.title ?? titleFromFilename(upload.filename);
      const tags = upload.fields.tags ?? [];
      const visibility = await o.policy({
        uploadId: upload.id,
        gifId: upload.gif_id,
        userId: upload.user_id,
        fields: upload.fields,
        processed,
      });
      const trust = o.trust ? await trustOf(trx, upload.user_id, o.trust) : undefined;
      const moderationState = committedState(o.review?.moderation_state ?? 'none', trust);
      const now = new Date();
      await trx
        .insertInto('gifs')
        .values({
          id: upload.gif_id,
          type: processed.type,
          slug: [user.username.toLowerCase(), slugWords(tags.slice(0, 2).join(' ') || title), upload.gif_id].filter(Boolean).join('-'),
          title,
          rating: upload.fields.rating ?? DEFAULT_UPLOAD_RATING,
          user_id: upload.user_id,
          source: upload.fields.source_post_url ?? '',
          tags,
          images: JSON.stringify(processed.images),
          video: processed.video ? JSON.stringify(processed.video) : null,
          visibility,
          import_datetime: now,
          create_datetime: now,
          update_datetime: now,
        })
        .execute();
      const madeFrom = await recordMadeFrom(baseOf(trx), upload.gif_id, upload.user_id, upload.fields.source_gif_id);
      if (o.review || moderationState !== 'none') {
        // Migration 013's columns: a pending or in-review GIF is out of listings (is_hidden follows) from its first commit.
        await sql`UPDATE gifs SET moderation_state = ${moderationState}, nsfw_score = ${o.review?.nsfw_score ?? null}, suggested_rating = ${o.review?.suggested_rating ?? null} WHERE id = ${upload.gif_id}`.execute(
          trx,
        );
      }
      await trx.insertInto('gif_features').values({ gif_id: upload.gif_id, features: processed.features }).execute();
      await trx
        .updateTable('uploads')
        .set({ state: 'done', progress: 1, claimed_by: null, updated_at: now, finished_at: now })
        .where('id', '=', upload.id)
        .execute();
      const logged = await appendEventsReturningIds(baseOf(trx), [
        {
          type: 'gif.uploaded',
          stream: 'gif',
          streamId: upload.gif_id,
          payload: {
            upload_id: upload.id,
            origin: upload.origin,
            type: processed.type,
            title,
            tags,
            rating: upload.fields.rating ?? DEFAULT_UPLOAD_RATING,
            visibility,
            moderation_state: moderationState,
            ...(trust ? { trust: trust.level } : {}),
            ...(madeFrom ? { made_from: madeFrom } : {}),
            format: processed.probe.kind,
            user_id: upload.user_id,
            actor: upload.user_id,
            via: upload.via,
            address: upload.address,
          },
        },
      ]);
      // A held upload's notice (and mail) to its creator commits with it.
      await recordNotices(baseOf(trx), logged, o.linkOrigin);
    });
    await fs.rm(o.stagingDir, { recursive: true, force: true });
  } catch (err) {
    // What this cannot delete stays recorded under the upload, and recovery deletes it; the caller gets the first error.
    await deleteGifObjects(base, o.store, [upload.gif_id]).catch(() => undefined);
    throw err;
  }
}

import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { appendEventsReturningIds } from '../store/events.ts';
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
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60).replace(/-$/, '');
}

/** A title from the file's name when the creator gave none: "my-cat_jump.gif" → "my cat jump". */
export function titleFromFilename(filename: string): string {
  return filename.replace(/\.[A-Za-z0-9]{1,5}$/, '').replace(/[_\-.]+/g, ' ').trim().slice(0, 140);
}

/**
 * Makes a processed upload visible, all at once: the GIF row, its visual features, the upload's
 * `done` state and the `gif.uploaded` event in one transaction, whose last step moves the finished
 * rendition folder into the media folder. A failed move rolls the transaction back; a failed
 * commit removes the moved folder. Before this, nothing of the upload is reachable: the staging
 * folder's name starts with a dot, which the media server never serves. With `trust`, a new
 * account's GIF is committed in review (uploads/trust.ts), its level read in the same transaction.
 */
export async function commitUpload(db: CreatorsDb, o: { upload: UploadRow; processed: ProcessedUpload; stagingDir: string; mediaDir: string; policy: VisibilityPolicy; review?: UploadReview; trust?: TrustSettings; linkOrigin?: LinkOrigin }): Promise<void> {
  const { upload, processed } = o;
  const finalDir = path.join(o.mediaDir, upload.gif_id);
  let moved = false;
  try {
    await db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').select('username').where('id', '=', upload.user_id).executeTakeFirstOrThrow();
      const title = upload.fields.title ?? titleFromFilename(upload.filename);
      const tags = upload.fields.tags ?? [];
      const visibility = await o.policy({ uploadId: upload.id, gifId: upload.gif_id, userId: upload.user_id, fields: upload.fields, processed });
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
        await sql`UPDATE gifs SET moderation_state = ${moderationState}, nsfw_score = ${o.review?.nsfw_score ?? null}, suggested_rating = ${o.review?.suggested_rating ?? null} WHERE id = ${upload.gif_id}`.execute(trx);
      }
      await trx.insertInto('gif_features').values({ gif_id: upload.gif_id, features: processed.features }).execute();
      await trx.updateTable('uploads').set({ state: 'done', progress: 1, claimed_by: null, updated_at: now, finished_at: now }).where('id', '=', upload.id).execute();
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
      await fs.rename(o.stagingDir, finalDir);
      moved = true;
    });
  } catch (err) {
    if (moved) await fs.rm(finalDir, { recursive: true, force: true });
    throw err;
  }
}

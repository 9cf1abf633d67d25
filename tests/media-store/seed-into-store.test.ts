/**
 * The demo corpus seeded into a media store (MEDIA_STORE, as `npm start` seeds it): every item's
 * files stored under its id with their keys recorded, the rendition list last, avatars beside them;
 * on the local disk in the media folder as always, on a bucket with nothing left on local disk; a
 * second seed after losing the database renders nothing again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalDiskStore } from '../../apps/server/src/media-store/local-disk.ts';
import type { MediaStore } from '../../apps/server/src/media-store/media-store.ts';
import { createS3Store } from '../../apps/server/src/media-store/s3.ts';
import { seedDemo } from '../../apps/server/src/seed/seed.ts';
import { planCorpus } from '../../apps/server/src/seed/corpus.ts';
import { createOcr } from '../../apps/server/src/tag-prediction/ocr.ts';
import { createPredictor } from '../../apps/server/src/tag-prediction/predictor.ts';
import { creatorsDb } from '../../apps/server/src/uploads/schema.ts';
import { startS3Server, type S3Server } from '../support/s3-server.ts';
import { openTestStore, storeKinds } from '../support/stores.ts';

let s3: S3Server | undefined;
afterAll(() => s3?.stop());

// A few GIFs, a sticker and a text item: enough to see every kind of file stored.
const plan = planCorpus();
const chosen = new Set(
  [
    ...plan.items.filter((i) => i.type === 'gif' && !i.emoji && !i.text).slice(0, 2),
    plan.items.find((i) => i.type === 'sticker' && !i.emoji && !i.text)!,
    plan.items.find((i) => i.text)!,
  ].map((i) => i.id),
);

const stores: { name: string; open(): Promise<{ store: MediaStore; dir: string; close(): Promise<void> }> }[] = [
  {
    name: 'local disk',
    async open() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-seed-local-'));
      return { store: createLocalDiskStore(dir), dir, close: async () => fs.rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'bucket',
    async open() {
      s3 ??= await startS3Server();
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-seed-bucket-'));
      const store = createS3Store({
        endpoint: s3.endpoint,
        bucket: await s3.newBucket(),
        region: s3.region,
        forcePathStyle: true,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
      });
      return {
        store,
        dir,
        close: async () => {
          store.client.destroy();
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
];

describe.each(storeKinds())('seeding into a media store (%s)', (kind) => {
  it.each(stores)(
    'seeds the corpus into the $name, keys recorded, and a reseed renders nothing again',
    async ({ open }) => {
      const media = await open();
      const db = await openTestStore(kind);
      try {
        const result = await seedDemo(db.db, {
          mediaDir: path.join(media.dir, 'media'),
          store: media.store,
          filter: (i) => chosen.has(i.id),
        });
        expect(result.created).toBe(chosen.size);
        for (const id of chosen) {
          const row = await db.db.selectFrom('gifs').select('images').where('id', '=', id).executeTakeFirstOrThrow();
          const keys = (await db.db.selectFrom('gif_media_objects').select('key').where('gif_id', '=', id).execute()).map((r) => r.key);
          expect(keys).toContain(`${id}/images.json`);
          for (const rendition of Object.values(row.images)) {
            for (const format of [rendition.gif, rendition.webp, rendition.mp4, rendition.still]) {
              if (!format) continue;
              expect(keys).toContain(`${id}/${format.file}`);
              expect((await media.store.head(`${id}/${format.file}`))?.size, `${id}/${format.file}`).toBe(format.size);
            }
          }
        }
        const avatar = (await db.db.selectFrom('users').select('avatar').where('avatar', 'is not', null).executeTakeFirstOrThrow()).avatar!;
        expect(await media.store.head(avatar)).not.toBeNull();
        expect(await media.store.head(avatar.replace(/\.jpg$/, '/80h.jpg'))).not.toBeNull();
        // Nothing of the corpus in the (unused) media folder of a bucket's server; the local disk keeps it where it always did.
        const local = media.store.kind === 'local' ? media.dir : path.join(media.dir, 'media');
        expect(fs.existsSync(path.join(local, [...chosen][0]!))).toBe(media.store.kind === 'local');

        // Tag prediction reads the seeded GIFs' renditions from the store for their visual features.
        const predictor = createPredictor(db.db, media.store, createOcr());
        try {
          await predictor.backfill();
        } finally {
          await predictor.close();
        }
        const features = await creatorsDb(db.db)
          .selectFrom('gif_features')
          .select(['gif_id', 'features'])
          .where('gif_id', 'in', [...chosen])
          .execute();
        expect(features.length).toBe(chosen.size);
        for (const row of features) expect(row.features.length, row.gif_id).toBeGreaterThan(0);
        expect(fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('loopbox-features-'))).toEqual([]);

        // The database lost, the media kept: the rendition lists say every item is already stored, so a
        // file deleted meanwhile does not come back (nothing was rendered or stored again).
        const probe = `${[...chosen][0]}/${
          (
            await db.db
              .selectFrom('gifs')
              .select('images')
              .where('id', '=', [...chosen][0]!)
              .executeTakeFirstOrThrow()
          ).images.original!.gif!.file
        }`;
        await media.store.delete([probe]);
        const again = await openTestStore(kind);
        try {
          expect(
            (await seedDemo(again.db, { mediaDir: path.join(media.dir, 'media'), store: media.store, filter: (i) => chosen.has(i.id) }))
              .created,
          ).toBe(chosen.size);
          const images = await again.db
            .selectFrom('gifs')
            .select(['id', 'images'])
            .where('id', 'in', [...chosen])
            .execute();
          const first = await db.db
            .selectFrom('gifs')
            .select(['id', 'images'])
            .where('id', 'in', [...chosen])
            .execute();
          expect(Object.fromEntries(images.map((r) => [r.id, r.images]))).toEqual(Object.fromEntries(first.map((r) => [r.id, r.images])));
          expect(await media.store.head(probe)).toBeNull();
        } finally {
          await again.close();
        }
      } finally {
        await db.close();
        await media.close();
      }
    },
    300_000,
  );
});

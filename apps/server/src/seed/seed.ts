import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { makeAvatar } from '../media/avatars.ts';
import { stripFromSvg } from '../media/frame-strip.ts';
import { trustedFfmpeg } from '../media/ffmpeg-binary.ts';
import { makeRenditions } from '../media/renditions.ts';
import { textDrawing } from '../media/text-stickers.ts';
import { appendEvents } from '../store/events.ts';
import { text } from 'node:stream/consumers';
import { storeGifFiles } from '../media-store/gif-objects.ts';
import { createLocalDiskStore } from '../media-store/local-disk.ts';
import type { MediaStore } from '../media-store/media-store.ts';
import type { Database, StoredImages } from '../store/schema.ts';
import { artSvg } from './art.ts';
import { CORPUS_VERSION, planCorpus, type CorpusPlan, type SeedItem } from './corpus.ts';

export interface SeedOptions {
  mediaDir: string;
  /**
   * The media store to seed into (MEDIA_STORE): each item rendered in a work folder, then stored with
   * its keys recorded; without it, rendered straight into `mediaDir` (the tests' shared media folder).
   */
  store?: MediaStore;
  /** Keep only part of the plan (tests use a small corpus); the default seeds all of it. */
  filter?: (item: SeedItem) => boolean;
  onProgress?: (done: number, total: number) => void;
}

const META_KEY = 'seed:demo';
const HOUR_MS = 3_600_000;
const RENDITION_LIST = 'images.json';

/** Seeds the demo corpus: idempotent, resumable after a crash, and a no-op once complete. */
export async function seedDemo(db: Kysely<Database>, options: SeedOptions): Promise<{ created: number; skipped: boolean }> {
  const marker = await db.selectFrom('meta').select('value').where('key', '=', META_KEY).executeTakeFirst();
  const version = options.filter ? `${CORPUS_VERSION}:partial` : CORPUS_VERSION;
  if (marker?.value === version || marker?.value === CORPUS_VERSION) return { created: 0, skipped: true };

  const plan = planCorpus();
  const items = options.filter ? plan.items.filter(options.filter) : plan.items;
  const userIds = await seedUsers(db, plan, options.store ?? createLocalDiskStore(options.mediaDir));
  const existing = new Set((await db.selectFrom('gifs').select('id').execute()).map((r) => r.id));
  const todo = items.filter((item) => !existing.has(item.id));

  let done = items.length - todo.length;
  const insert = async (item: SeedItem, images: StoredImages) => {
    await insertItem(db, item, images, userIds);
    options.onProgress?.(++done, items.length);
  };
  const target: MediaTarget = options.store ? { db, store: options.store } : options.mediaDir;
  // Emoji variations reference their default emoji, so every other item is in before them.
  await renderCorpusMedia(
    target,
    todo.filter((i) => !i.emoji?.of),
    insert,
  );
  await renderCorpusMedia(
    target,
    todo.filter((i) => i.emoji?.of),
    insert,
  );

  await seedCategories(db, plan, items);
  await seedChannels(db, plan, items, userIds);
  await db
    .insertInto('meta')
    .values({ key: META_KEY, value: version })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: version }))
    .execute();
  return { created: todo.length, skipped: false };
}

/** Where corpus media go: a media folder, written in place, or a media store (with the database its keys are recorded in). */
type MediaTarget = string | { db: Kysely<Database>; store: MediaStore };

/**
 * Renders items' media, one per core, calling `onItem` as each finishes. An item whose folder (or
 * store) already holds its rendition list is not rendered again, so a reseed after losing the
 * database is fast.
 */
export async function renderCorpusMedia(
  target: MediaTarget,
  items: readonly SeedItem[],
  onItem?: (item: SeedItem, images: StoredImages) => Promise<void>,
): Promise<void> {
  const concurrency = Math.max(1, Math.min(4, os.availableParallelism()));
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++] as SeedItem;
      const images =
        typeof target === 'string'
          ? await renderItem(item, path.join(target, item.id))
          : await renderItemToStore(item, target.db, target.store);
      await onItem?.(item, images);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

async function renderItem(item: SeedItem, dir: string): Promise<StoredImages> {
  const listFile = path.join(dir, RENDITION_LIST);
  if (fs.existsSync(listFile)) return JSON.parse(fs.readFileSync(listFile, 'utf8')) as StoredImages;
  const drawing = item.text ? textDrawing(item.text.message, item.text.style) : { svg: artSvg(item.art), size: item.art };
  // Frames drawn here from the corpus plan: the bundled ffmpeg may encode them (ffmpeg-binary.ts).
  const images = await makeRenditions(await stripFromSvg(drawing.svg, drawing.size), dir, { ffmpeg: trustedFfmpeg() });
  fs.writeFileSync(listFile, JSON.stringify(images));
  return images;
}

/**
 * Renders an item in a work folder and stores its files (keys recorded first, media-store/gif-objects.ts),
 * the rendition list last: its presence says every file is stored.
 */
async function renderItemToStore(item: SeedItem, db: Kysely<Database>, store: MediaStore): Promise<StoredImages> {
  const listKey = `${item.id}/${RENDITION_LIST}`;
  const kept = await store.read(listKey);
  if (kept) return JSON.parse(await text(kept.body)) as StoredImages;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `loopbox-seed-${item.id}-`));
  try {
    const images = await renderItem(item, dir);
    fs.rmSync(path.join(dir, RENDITION_LIST));
    await storeGifFiles(db, store, item.id, dir);
    await db
      .insertInto('gif_media_objects')
      .values({ gif_id: item.id, key: listKey })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await store.put({ key: listKey, body: Buffer.from(JSON.stringify(images)), contentType: 'application/json' });
    return images;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function seedUsers(db: Kysely<Database>, plan: CorpusPlan, store: MediaStore): Promise<Map<string, number>> {
  for (const [i, u] of plan.users.entries()) {
    const avatarKey = `avatars/${u.username}/avatar.jpg`;
    const avatar = u.has_avatar
      ? (await store.head(avatarKey))
        ? avatarKey
        : await makeAvatar(store, u.username, u.display_name, (i * 47) % 360)
      : null;
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('users')
        .values({
          username: u.username,
          display_name: u.display_name,
          attribution_display_name: u.display_name,
          description: u.description,
          avatar,
          user_type: u.user_type,
          is_public: u.is_public,
          suppress_chrome: u.suppress_chrome,
          is_verified: u.is_verified,
          is_staff: u.is_staff,
        })
        .onConflict((oc) => oc.column('username').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (row)
        await appendEvents(trx, [{ type: 'user.created', stream: 'user', streamId: String(row.id), payload: { username: u.username } }]);
    });
  }
  const rows = await db.selectFrom('users').select(['id', 'username']).execute();
  return new Map(rows.map((r) => [r.username, r.id]));
}

async function insertItem(db: Kysely<Database>, item: SeedItem, images: StoredImages, userIds: Map<string, number>): Promise<void> {
  const now = Date.now();
  const video =
    item.type === 'video' && images.hd?.mp4
      ? {
          duration: (item.art.frames * item.art.delayMs) / 1000,
          assets: { '360p': { file: images.hd.mp4.file, width: images.hd.width, height: images.hd.height, size: images.hd.mp4.size } },
        }
      : null;
  const slugWords = item.tags
    .slice(0, 2)
    .join(' ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('gifs')
      .values({
        id: item.id,
        type: item.type,
        slug: [item.username?.toLowerCase(), slugWords, item.id].filter(Boolean).join('-'),
        title: item.title,
        alt_text: item.alt_text,
        rating: item.rating,
        user_id: item.username ? (userIds.get(item.username) ?? null) : null,
        tags: item.tags,
        featured_tags: item.featured_tags,
        is_anonymous: item.username === null,
        is_indexable: true,
        images: JSON.stringify(images),
        video: video ? JSON.stringify(video) : null,
        external_media: item.external_media ? JSON.stringify(item.external_media) : null,
        emoji_group_id: item.emoji?.group ?? null,
        variation: item.emoji?.variation ?? null,
        variation_of: item.emoji?.of ?? null,
        category: item.category,
        subcategory: item.subcategory,
        trending_datetime: item.trendingHoursAgo === null ? null : new Date(now - item.trendingHoursAgo * HOUR_MS),
        import_datetime: new Date(now - item.importDaysAgo * 24 * HOUR_MS),
        create_datetime: new Date(now - item.importDaysAgo * 24 * HOUR_MS),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) {
      await appendEvents(trx, [
        {
          type: 'gif.created',
          stream: 'gif',
          streamId: item.id,
          payload: { type: item.type, title: item.title, username: item.username, source: 'seed' },
        },
      ]);
    }
  });
}

async function seedCategories(db: Kysely<Database>, plan: CorpusPlan, items: SeedItem[]): Promise<void> {
  for (const c of plan.categories) {
    const featured = items.find((i) => (c.parent ? i.subcategory === c.slug && i.category === c.parent : i.category === c.slug));
    await db
      .insertInto('categories')
      .values({ slug: c.slug, name: c.name, parent_slug: c.parent, position: c.position, featured_gif_id: featured?.id ?? null })
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
  }
}

async function seedChannels(db: Kysely<Database>, plan: CorpusPlan, items: SeedItem[], userIds: Map<string, number>): Promise<void> {
  for (const [position, ch] of plan.channels.entries()) {
    const members = items.filter((i) =>
      ch.select.stickers
        ? i.type === 'sticker' && !i.emoji
        : ch.select.owner
          ? i.username === ch.select.owner
          : ch.select.subcategory
            ? i.subcategory === ch.select.subcategory
            : i.category === ch.select.category,
    );
    await db.transaction().execute(async (trx) => {
      const parent = ch.parent ? await trx.selectFrom('channels').select('id').where('slug', '=', ch.parent).executeTakeFirst() : undefined;
      const row = await trx
        .insertInto('channels')
        .values({
          slug: ch.slug,
          display_name: ch.display_name,
          short_display_name: ch.display_name,
          description: ch.description,
          type: ch.type,
          content_type: ch.content_type,
          parent_id: parent?.id ?? null,
          user_id: userIds.get(ch.owner) ?? null,
          featured_gif_id: members[0]?.id ?? null,
          position,
        })
        .onConflict((oc) => oc.column('slug').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) return;
      if (members.length > 0) {
        await trx
          .insertInto('channel_gifs')
          .values(members.map((m, i) => ({ channel_id: row.id, gif_id: m.id, position: i })))
          .execute();
      }
      await appendEvents(trx, [
        { type: 'channel.created', stream: 'channel', streamId: String(row.id), payload: { slug: ch.slug, gifs: members.length } },
      ]);
    });
  }
}

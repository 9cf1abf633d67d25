import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { listedScope } from '../content-policy/access.ts';
import path from 'node:path';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Database, StoredImages } from '../store/schema.ts';
import { creatorsDb } from '../uploads/schema.ts';
import { BACKFILL_BATCH, MAX_SUGGESTIONS, NEIGHBOUR_MIN_SHARE, NEIGHBOURS } from './constants.ts';
import { featureDistance, visualFeatures, type Frames } from './features.ts';
import { framesFromAnimation } from './frames.ts';
import type { Ocr } from './ocr.ts';
import { fileOf } from '../media-store/local-file.ts';
import type { MediaStore } from '../media-store/media-store.ts';
import type { Built } from '@loopbox/contract/common';
import type { TagSuggestion } from '@loopbox/contract/tag-prediction';

export type Suggestion = Built<typeof TagSuggestion>;

interface Indexed {
  id: string;
  tags: string[];
  features: number[];
}

/** Tags never suggested: they describe the file, not the picture. */
const UNINFORMATIVE = new Set(['gif', 'gifs', 'sticker', 'stickers', 'animated']);

/**
 * Suggests tags for an upload's frames with two methods that run here, offline: the tags of its
 * visual neighbours (the GIFs whose colours, layout and motion are closest, features.ts), and the
 * words of any caption, read by OCR (ocr.ts). The index is every public GIF's features, read from
 * the store and kept in memory until the store holds more; GIFs without features (the seeded
 * corpus, GIFs older than uploads) get them from their stored renditions, a batch per call.
 */
export interface Predictor {
  predict(
    frames: Frames,
    o?: { exclude?: ReadonlySet<string>; ocrImage?: Buffer; withText?: boolean; withNeighbours?: boolean },
  ): Promise<Suggestion[]>;
  /** Computes missing features until none are left (the bench does this once up front). */
  backfill(): Promise<number>;
  close(): Promise<void>;
}

export function createPredictor(database: Kysely<Database>, store: MediaStore, ocr: Ocr): Predictor {
  const db = creatorsDb(database);
  let index: { count: number; rows: Indexed[] } | undefined;

  async function backfillBatch(): Promise<number> {
    const missing = await db
      .selectFrom('gifs as g')
      .leftJoin('gif_features as f', 'f.gif_id', 'g.id')
      .select(['g.id', 'g.images'])
      .where('f.gif_id', 'is', null)
      .where('g.is_removed', '=', false)
      .limit(BACKFILL_BATCH)
      .execute();
    let made = 0;
    for (const gif of missing) {
      const images = gif.images as StoredImages;
      const file = images.fixed_width?.webp?.file ?? images.fixed_width?.gif?.file ?? images.original?.gif?.file;
      const scratch = path.join(os.tmpdir(), `loopbox-features-${randomBytes(6).toString('hex')}`);
      let features: number[];
      try {
        const full = file ? await fileOf(store, `${gif.id}/${file}`, scratch) : null;
        features = full ? visualFeatures(await framesFromAnimation(full)) : [];
      } catch {
        features = [];
      } finally {
        await fs.promises.rm(scratch, { force: true });
      }
      // An empty vector marks a GIF whose media cannot be read, so it is not tried again and again.
      await db
        .insertInto('gif_features')
        .values({ gif_id: gif.id, features })
        .onConflict((oc) => oc.column('gif_id').doNothing())
        .execute();
      made += 1;
    }
    return made;
  }

  async function loadIndex(): Promise<Indexed[]> {
    await backfillBatch();
    const { n } = await db
      .selectFrom('gif_features')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    if (index && index.count === Number(n)) return index.rows;
    const rows = await db
      .selectFrom('gif_features as f')
      .innerJoin('gifs as g', 'g.id', 'f.gif_id')
      .select(['g.id', 'g.tags', 'f.features'])
      .where(listedScope)
      .execute();
    index = {
      count: Number(n),
      rows: rows.filter((r) => r.features.length > 0).map((r) => ({ id: r.id, tags: r.tags, features: r.features.map(Number) })),
    };
    return index.rows;
  }

  function neighbourTags(features: number[], rows: Indexed[], exclude: ReadonlySet<string>): Suggestion[] {
    const nearest = rows
      .filter((r) => !exclude.has(r.id))
      .map((r) => ({ r, d: featureDistance(features, r.features) }))
      .sort((a, b) => a.d - b.d)
      .slice(0, NEIGHBOURS);
    const votes = new Map<string, number>();
    let total = 0;
    for (const { r, d } of nearest) {
      const weight = 1 / (0.05 + d);
      total += weight;
      for (const tag of new Set(r.tags)) if (!UNINFORMATIVE.has(tag)) votes.set(tag, (votes.get(tag) ?? 0) + weight);
    }
    return [...votes]
      .map(([name, v]) => ({ name, score: Math.round((v / (total || 1)) * 100) / 100, source: 'neighbours' as const }))
      .filter((s) => s.score >= NEIGHBOUR_MIN_SHARE)
      .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
  }

  return {
    async predict(frames, o = {}) {
      const withText = o.withText ?? true;
      const withNeighbours = o.withNeighbours ?? true;
      const text = withText
        ? (
            await ocr.words(
              o.ocrImage ??
                (await sharp(frames.rgba.subarray(0, frames.width * frames.height * 4), {
                  raw: { width: frames.width, height: frames.height, channels: 4 },
                })
                  .flatten({ background: '#ffffff' })
                  .png()
                  .toBuffer()),
            )
          ).map((name) => ({ name, score: 1, source: 'text' as const }))
        : [];
      const neighbours = withNeighbours ? neighbourTags(visualFeatures(frames), await loadIndex(), o.exclude ?? new Set()) : [];
      const seen = new Set<string>();
      return [...text, ...neighbours].filter((s) => !seen.has(s.name) && seen.add(s.name)).slice(0, MAX_SUGGESTIONS);
    },
    async backfill() {
      let total = 0;
      for (let made = await backfillBatch(); made > 0; made = await backfillBatch()) total += made;
      return total;
    },
    close: () => ocr.close(),
  };
}

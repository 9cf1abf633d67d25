import path from 'node:path';
import type { Kysely } from 'kysely';
import { ANONYMOUS_VIEWER, openScope } from '../content-policy/access.ts';
import { mediaFile } from '../media/serve.ts';
import { FieldError } from '../http/envelope.ts';
import type { Database } from '../store/schema.ts';
import { decodePlan, decodeUpload } from '../uploads/decode.ts';
import { probeUpload } from '../uploads/probe.ts';
import { TRIM_SOURCE_LIMITS } from './constants.ts';
import type { EditList } from './edit-list.ts';
import { applyOverlay, stickerPngs, type LoadedSticker } from './overlay.ts';
import { decodeSegment, encodeStrip, type Trimmed } from './trim.ts';
import { fileOf } from '../media-store/local-file.ts';
import type { MediaStore } from '../media-store/media-store.ts';

/** The sticker file the maker draws: the original GIF of a sticker anyone may open. */
const STICKER_FILE = 'giphy.gif';

/** Each sticker layer's frames, from stickers of this server that anyone may open. */
async function loadStickers(
  db: Kysely<Database>,
  media: { mediaDir: string; store?: MediaStore | undefined; scratch: string },
  layers: EditList['stickers'],
  ffmpeg: string,
): Promise<LoadedSticker[]> {
  return Promise.all(
    layers.map(async (layer, i) => {
      const found = await db
        .selectFrom('gifs as g')
        .select('g.id')
        .where('g.id', '=', layer.id)
        .where('g.type', '=', 'sticker')
        .where(openScope(ANONYMOUS_VIEWER))
        .executeTakeFirst();
      const key = found ? `${found.id}/${STICKER_FILE}` : null;
      // From a bucket the sticker is fetched into the scratch folder first (ffmpeg reads a file).
      const file =
        key === null
          ? null
          : media.store
            ? await fileOf(media.store, key, path.join(media.scratch, `sticker-${i}.gif`))
            : (mediaFile(path.resolve(media.mediaDir), key)?.path ?? null);
      if (!file) throw new FieldError(400, `stickers.${i}.id`, `No sticker ${layer.id}`);
      const probe = await probeUpload(file, STICKER_FILE, TRIM_SOURCE_LIMITS, ffmpeg);
      const strip = await decodeUpload(file, probe, decodePlan(probe), ffmpeg);
      return { layer, width: strip.width, height: strip.height, delayMs: strip.delayMs, pngs: await stickerPngs(strip) };
    }),
  );
}

/**
 * The GIF maker's final render, from its edit list alone: the trimmed segment of the source, the
 * sticker layers and captions drawn over every frame (overlay.ts), encoded by the media pipeline.
 * The same list always makes the same GIF.
 */
export async function renderEditList(o: {
  db: Kysely<Database>;
  mediaDir: string;
  store?: MediaStore | undefined;
  ffmpeg: string;
  source: { file: string; filename: string };
  field: 'file' | 'media_url';
  edits: EditList;
  workDir: string;
}): Promise<Trimmed> {
  const stickers = await loadStickers(
    o.db,
    { mediaDir: o.mediaDir, store: o.store, scratch: path.dirname(o.workDir) },
    o.edits.stickers,
    o.ffmpeg,
  );
  const strip = await decodeSegment(
    { ...o.source, ffmpeg: o.ffmpeg, field: o.field, start: o.edits.trim.start, duration: o.edits.trim.duration },
    { start: 'trim.start', duration: 'trim.duration' },
  );
  return encodeStrip(await applyOverlay(strip, o.edits.captions, stickers), 'gif', o.workDir, o.ffmpeg);
}

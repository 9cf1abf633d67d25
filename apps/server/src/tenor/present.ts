import type { GifRow } from '../content/gif-row.ts';
import { mediaUrl, type LinkBase } from '../http/origin.ts';
import { tenorMediaFormats, type TenorFormat } from './media-formats.ts';

const seconds = (date: Date | string) => new Date(date).getTime() / 1000;

/** One GIF as a Tenor v2 response object. */
export function tenorResult(row: GifRow, links: LinkBase, formats?: readonly TenorFormat[]) {
  const media = (file: string) => mediaUrl(links, `${row.id}/${file}`);
  const page = `${links.origin}/gifs/${row.slug}`;
  const sticker = row.type === 'sticker' || row.type === 'emoji';
  return {
    id: row.id,
    title: row.title,
    media_formats: tenorMediaFormats(row.images, media, { durationSeconds: row.video?.duration ?? 0, sticker }, formats),
    created: seconds(row.create_datetime),
    content_description: row.alt_text || row.title,
    itemurl: page,
    url: page,
    tags: row.tags,
    flags: sticker ? ['sticker'] : [],
    // A clip kept as a video (type `video`) is one with sound or too long for a GIF; only those may have audio.
    hasaudio: row.type === 'video',
  };
}

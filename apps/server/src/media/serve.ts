import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Hono } from 'hono';

const CONTENT_TYPES: Record<string, string> = {
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
};
const ONE_YEAR_S = 31_536_000;
const SAFE_PATH = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+){1,3}$/;

const notFound = () => Response.json({ meta: { status: 404, msg: 'Media not found', response_id: '' } }, { status: 404 });

/**
 * Serves rendition files from the media directory: `/media/{id}/{file}` and avatars below
 * `/media/avatars/...`. Files never change once written, so they carry a strong ETag and a year-long,
 * immutable cache; mp4 (and every type) honours single byte ranges.
 */
export function mediaRoutes(mediaDir: string) {
  const root = path.resolve(mediaDir);
  const app = new Hono();
  app.on(['GET', 'HEAD'], '/media/*', async (c) => {
    const relative = c.req.path.slice('/media/'.length);
    const type = CONTENT_TYPES[path.extname(relative)];
    if (!SAFE_PATH.test(relative) || relative.split('/').some((p) => p.startsWith('.')) || !type) return notFound();
    const file = path.join(root, relative);
    let stat: fs.Stats;
    try {
      stat = await fs.promises.stat(file);
    } catch {
      return notFound();
    }
    if (!stat.isFile()) return notFound();

    const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    const headers = new Headers({
      'Content-Type': type,
      'Cache-Control': `public, max-age=${ONE_YEAR_S}, immutable`,
      ETag: etag,
      'Last-Modified': stat.mtime.toUTCString(),
      'Accept-Ranges': 'bytes',
      'Access-Control-Allow-Origin': '*',
    });
    if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });

    let start = 0;
    let end = stat.size - 1;
    let status = 200;
    const range = c.req.header('range');
    if (range && (!c.req.header('if-range') || c.req.header('if-range') === etag)) {
      const parsed = parseRange(range, stat.size);
      if (!parsed) {
        headers.set('Content-Range', `bytes */${stat.size}`);
        return new Response(null, { status: 416, headers });
      }
      [start, end] = parsed;
      status = 206;
      headers.set('Content-Range', `bytes ${start}-${end}/${stat.size}`);
    }
    headers.set('Content-Length', String(end - start + 1));
    if (c.req.method === 'HEAD') return new Response(null, { status, headers });
    const stream = Readable.toWeb(fs.createReadStream(file, { start, end })) as ReadableStream;
    return new Response(stream, { status, headers });
  });
  return app;
}

/** A single `bytes=a-b`, `bytes=a-` or `bytes=-n` range within the file; null when unsatisfiable or malformed. */
export function parseRange(header: string, size: number): [number, number] | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return null;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start <= end && start < size ? [start, end] : null;
}

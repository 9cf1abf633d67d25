import path from 'node:path';
import { Readable } from 'node:stream';
import { evaluateRequest, respond } from '@loopbox/edge/conditional-requests';
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { AuthEnv } from '../auth/context.ts';
import { refusalMessage, type Refusal } from '../content-policy/refusal.ts';
import { requestViewer } from '../content-policy/request.ts';
import type { Database } from '../store/schema.ts';
import { gifStates, mediaAccess, mediaGifId } from './door.ts';
import { servedTypeOf } from '../media-store/keys.ts';
import type { MediaStore } from '../media-store/media-store.ts';

const ONE_YEAR_S = 31_536_000;

const PUBLIC_CACHE = `public, max-age=${ONE_YEAR_S}, immutable`;
// Served by privilege only (the owner's or staff's own view): kept by no cache, the edge's included.
const PRIVATE_CACHE = 'private, no-store';

// Refusals are never kept: a GIF made public again (or restored) must be served at once.
const refused = (status: Refusal, msg: string) =>
  Response.json({ meta: { status, msg, response_id: '' } }, { status, headers: { 'Cache-Control': 'no-store' } });
const notFound = () => refused(404, 'Media not found');

/**
 * Serves rendition files from the media store (media-store/): `/media/{id}/{file}`, avatars below
 * `/media/avatars/...`, channel images and text renders. A GIF's files are served as the content
 * policy says (media/door.ts): to anyone, with a year-long immutable cache (files never change once
 * written, so they carry a strong ETag); to their owner and staff only, never kept; or refused with
 * the policy's status (404, 410, 451), as an unknown id is. Conditional and range requests follow
 * RFC 9110 (edge/src/conditional-requests.ts, shared with the edge cache and the service worker).
 */
export function mediaRoutes(store: MediaStore, db: Kysely<Database>, contentChanges?: () => number) {
  const stateOf = gifStates(db, contentChanges);
  const app = new Hono<AuthEnv>();
  app.on(['GET', 'HEAD'], '/media/*', async (c) => {
    const relative = c.req.path.slice('/media/'.length);
    const type = servedTypeOf(relative);
    if (!type) return notFound();
    const gifId = mediaGifId(relative);
    const access = await mediaAccess(stateOf, gifId, () => requestViewer(c));
    if (typeof access === 'number') return refused(access, refusalMessage(gifId ?? '', access));
    const object = await store.head(relative);
    if (!object) return notFound();

    const etag = object.etag;
    const lastModified = object.lastModified.toUTCString();
    const headers = new Headers({
      'Content-Type': type,
      'Cache-Control': access === 'public' ? PUBLIC_CACHE : PRIVATE_CACHE,
      ETag: etag,
      'Last-Modified': lastModified,
      'Accept-Ranges': 'bytes',
      'Access-Control-Allow-Origin': '*',
    });
    const outcome = evaluateRequest(c.req.method, c.req.raw.headers, { etag, lastModified, size: object.size });
    // The body is read once the outcome says which bytes (none for HEAD, 304, 412 or 416).
    const wantsBody = c.req.method !== 'HEAD' && object.size > 0 && (outcome.status === 200 || outcome.status === 206);
    const read = wantsBody
      ? await store.read(relative, outcome.status === 206 ? { start: outcome.start, end: outcome.end } : undefined)
      : null;
    if (wantsBody && !read) return notFound();
    return respond(outcome, headers, object.size, () => (read ? (Readable.toWeb(read.body) as ReadableStream) : null), c.req.method);
  });
  return app;
}

/**
 * The file a media path names, inside the media root, with its content type; null for anything
 * else: unknown types, characters outside the safe set, dot segments or hidden files (`..`,
 * `.tmp-…`), and so any path that could leave the root.
 */
export function mediaFile(root: string, relative: string): { path: string; type: string } | null {
  const type = servedTypeOf(relative);
  if (!type) return null;
  const resolved = path.resolve(root, relative);
  return resolved.startsWith(root + path.sep) ? { path: resolved, type } : null;
}

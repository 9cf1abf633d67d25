import fs from 'node:fs';
import path from 'node:path';
import { refusalMessage } from '../content-policy/refusal.ts';
import { mediaGifId, type MediaAccess } from '../media/door.ts';
import { mediaFile } from '../media/serve.ts';
import { FieldError } from '../http/envelope.ts';
import { fetchToFile } from '../uploads/fetch-url.ts';
import { UploadProblem } from '../uploads/problems.ts';
import { TRIM_SOURCE_LIMITS } from './constants.ts';
import { fileOf } from '../media-store/local-file.ts';
import type { MediaStore } from '../media-store/media-store.ts';
import type { ImagingSettings } from './settings.ts';

/** Where a trim's source is: a file already received, or what `media_url` names. */
export type SourceRef = { file: string; filename: string } | { mediaUrl: string };

export interface SourceContext {
  mediaDir: string;
  /** Where this server's media are (MEDIA_STORE); the local disk under `mediaDir` when absent. */
  store?: MediaStore | undefined;
  /** Origins whose `/media/…` paths are this server's own media (the request's own and PUBLIC_URL). */
  ownOrigins: readonly string[];
  settings: ImagingSettings;
  /** What the media door would answer anyone for a file of this GIF (media/door.ts `mediaAccess`, without a viewer). */
  access: (gifId: string | null) => Promise<MediaAccess>;
  /** A scratch file the source may be fetched into. */
  scratch: string;
}

/**
 * A trim's or render's source as a local file: this server's media is read from disk, when anyone
 * may open it (what is made from it is meant to be uploaded for all to see); a configured host's is fetched.
 */
export async function sourceFile(ref: SourceRef, o: SourceContext): Promise<{ file: string; filename: string }> {
  if ('file' in ref) return ref;
  const raw = ref.mediaUrl;
  let url: URL;
  try {
    url = new URL(raw, o.ownOrigins[0]);
  } catch {
    throw new FieldError(400, 'media_url', 'media_url is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FieldError(400, 'media_url', 'media_url must be an http(s) URL');
  // A path is this server's; `//host/…` names another host and is judged as one.
  if ((raw.startsWith('/') && !raw.startsWith('//')) || o.ownOrigins.includes(url.origin)) return ownMedia(url, o);
  if (!o.settings.mediaHosts.includes(url.hostname.toLowerCase())) {
    throw new FieldError(
      400,
      'media_url',
      `media_url must be this server's media (/media/…) or on a configured media host${o.settings.mediaHosts.length ? ` (${o.settings.mediaHosts.join(', ')})` : ''}`,
    );
  }
  // A configured host is still fetched as a hostile source: public addresses only, bounded size and time.
  const fetched = await fetchToFile(url.toString(), o.scratch, { maxBytes: TRIM_SOURCE_LIMITS.maxBytes, allow: o.settings.urlAllow }).catch(
    (err: unknown) => {
      if (err instanceof UploadProblem)
        throw new FieldError(err.status, 'media_url', err.message.replace(/^source_image_url/, 'media_url'));
      throw err;
    },
  );
  return { file: o.scratch, filename: fetched.filename };
}

async function ownMedia(url: URL, o: SourceContext): Promise<{ file: string; filename: string }> {
  // mediaFile allows only plain names (no escapes, no dot segments), so nothing outside the media folder is named.
  const relative = url.pathname.startsWith('/media/') ? url.pathname.slice('/media/'.length) : '';
  const found = relative ? mediaFile(path.resolve(o.mediaDir), relative) : null;
  if (!found) throw new FieldError(400, 'media_url', 'media_url must name a media file of this server: /media/{id}/{file}');
  // The media door's answer, worded as for a missing file when it is a 404 (no oracle between private and unknown).
  const gifId = mediaGifId(relative);
  const access = await o.access(gifId);
  if (access === 410 || access === 451) throw new FieldError(access, 'media_url', `media_url: ${refusalMessage(gifId ?? '', access)}`);
  const missing = () => new FieldError(404, 'media_url', 'media_url names no media file of this server');
  if (access !== 'public') throw missing();
  if (o.store) {
    const file = await fileOf(o.store, relative, o.scratch);
    if (!file) throw missing();
    return { file, filename: path.basename(relative) };
  }
  if (!fs.statSync(found.path, { throwIfNoEntry: false })?.isFile()) throw missing();
  return { file: found.path, filename: path.basename(found.path) };
}

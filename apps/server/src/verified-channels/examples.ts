import { GIF_ID_PATTERN, parseSitePath } from '@loopbox/pages';
import { FieldError } from '../http/envelope.ts';
import type { ApplicationExample, ChannelsApplyDb } from './schema.ts';

/** The GIF id an address of this site names: a GIF's or sticker's page, or one of its media files. */
function gifIdOfSitePath(pathname: string): string | undefined {
  const media = /^\/media\/([A-Za-z0-9]+)\//.exec(pathname);
  if (media) return media[1];
  const route = parseSitePath(pathname);
  return route.page === 'gif' ? route.gifId : undefined;
}

function httpUrl(text: string): URL | undefined {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An application's examples as kept: each a GIF of this site (its id, or a link to its page or media
 * on one of `siteHosts`), which must exist and not be removed, or any other http(s) URL. A 400 names
 * the first example that is neither, or names a GIF this site does not have.
 */
export async function resolveExamples(
  db: ChannelsApplyDb,
  examples: readonly string[],
  origin: string,
  siteHosts: readonly string[],
): Promise<ApplicationExample[]> {
  const wanted = examples.map((text, i) => {
    const url = httpUrl(text);
    if (url) return { text, url, gifId: siteHosts.includes(url.host) ? gifIdOfSitePath(url.pathname) : undefined, i };
    if (GIF_ID_PATTERN.test(text)) return { text, url: undefined, gifId: text, i };
    throw new FieldError(400, 'examples', `examples[${i}] must be a GIF id of this site or an http or https URL`);
  });
  const ids = [...new Set(wanted.flatMap((w) => (w.gifId ? [w.gifId] : [])))];
  const found = new Set(
    ids.length === 0
      ? []
      : (await db.selectFrom('gifs').select('id').where('id', 'in', ids).where('is_removed', '=', false).execute()).map((g) => g.id),
  );
  return wanted.map((w) => {
    if (w.gifId && found.has(w.gifId)) return { url: w.url ? w.text : `${origin}/gifs/${w.gifId}`, gif_id: w.gifId };
    if (w.gifId && !w.url) throw new FieldError(400, 'examples', `examples[${w.i}]: this site has no GIF ${w.gifId}`);
    if (w.gifId) throw new FieldError(400, 'examples', `examples[${w.i}] links to a GIF this site does not have`);
    return { url: w.text, gif_id: null };
  });
}

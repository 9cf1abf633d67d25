import { z } from 'zod';
import { intParam } from './parse.ts';

/** GIPHY's documented paging and id limits, which the backend's routes keep as the public API does. */
export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 50;
export const MAX_OFFSET = 4999;
export const MAX_IDS = 100;
/**
 * What could be a GIF id in a request (lenient, as GIPHY's ids vary; the ids this platform makes are
 * `@loopbox/pages`' `GIF_ID_PATTERN`): anything else is a 400, while an id of this shape that names no GIF is a
 * 404 (GIPHY's own clients tell the two apart by status).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: an id holds no control character
export const GIF_ID_PARAM_PATTERN = /^[^\s\u0000-\u001F\u007F/?#%]{1,64}$/u;

/** The parameters every route that pages or names GIFs shares: `limit`, `offset`, a GIF id, a list of ids. */
export const limit = intParam('limit', 1, MAX_LIMIT, DEFAULT_LIMIT);
export const offset = intParam('offset', 0, MAX_OFFSET, 0);
export const gifId = z
  .string()
  .regex(GIF_ID_PARAM_PATTERN, 'id must be 1 to 64 characters without spaces, control characters, /, ?, # or %');
export const ids = z
  .string({ error: 'ids is required' })
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(gifId).min(1, 'ids must list at least one id').max(MAX_IDS, `ids may list at most ${MAX_IDS} ids`));

import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { MAX_FIELDS, RENDITION_BUNDLE_NAMES, RENDITION_BUNDLES, TRIMMED_SHAPES_PER_GIF } from './constants.ts';
import type { ApiEnv } from './context.ts';
import { countryCode, region } from './params.ts';
import { parseQuery } from '../http/parse.ts';

type Json = Record<string, unknown>;

const TrimQuery = z.object({
  bundle: z.enum(RENDITION_BUNDLE_NAMES, { error: `bundle must be one of ${RENDITION_BUNDLE_NAMES.join(', ')}` }).optional(),
  fields: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((f) => f.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string()).max(MAX_FIELDS, `fields may list at most ${MAX_FIELDS} fields`))
    .optional(),
  country_code: countryCode,
  region,
});

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
// Own fields only: a name such as `constructor` or `__proto__` is not a field of any answer.
const pick = (o: Json, keep: readonly string[]): Json => Object.fromEntries(keep.filter((k) => Object.hasOwn(o, k)).map((k) => [k, o[k]]));

/** A GIF with only its bundle's renditions (and, for the clips bundle, its video assets). */
export function bundled(gif: Json, bundle: string): Json {
  const { images, assets } = RENDITION_BUNDLES[bundle]!;
  const out = { ...gif };
  if (isObject(gif.images)) out.images = pick(gif.images, images);
  if (assets && isObject(gif.video) && isObject(gif.video.assets)) out.video = { ...gif.video, assets: pick(gif.video.assets, assets) };
  return out;
}

/** Paths as a tree: `images.original` under `images`; a path that names a whole object keeps all of it (`true`). */
export type FieldTree = Map<string, FieldTree | true>;
function fieldTree(paths: readonly string[]): FieldTree {
  const root: FieldTree = new Map();
  for (const path of paths) {
    let node = root;
    const parts = path.split('.');
    for (const [i, part] of parts.entries()) {
      const at = node.get(part);
      if (at === true) break;
      if (i === parts.length - 1) node.set(part, true);
      else node = at ?? (node.set(part, new Map()).get(part) as FieldTree);
    }
  }
  return root;
}

/** An object with only the fields of the tree; unknown names are left out, as are objects none of whose named fields exist. */
export function withFields(value: Json, tree: FieldTree): Json {
  const out: Json = {};
  for (const [name, sub] of tree) {
    if (!Object.hasOwn(value, name)) continue;
    const v = value[name];
    if (sub === true) out[name] = v;
    else if (isObject(v)) out[name] = withFields(v, sub);
  }
  return out;
}

/** What a call asked to keep of each GIF; `key` names it, for trimmed wire texts kept per GIF. */
export interface AnswerTrim {
  bundle?: string | undefined;
  tree?: FieldTree | undefined;
  key: string;
}

/** One GIF (or any object of an answer's `data`) as the call asked: its bundle's renditions, then its fields. */
export function trimmedObject(item: Json, trim: AnswerTrim): Json {
  const kept = trim.bundle ? bundled(item, trim.bundle) : item;
  return trim.tree ? withFields(kept, trim.tree) : kept;
}

/**
 * A GIF's wire text trimmed: the stored text (`open`, without its closing brace) trimmed once per
 * call shape and kept beside it (`derived`, at most TRIMMED_SHAPES_PER_GIF shapes each, dropped with
 * the text it came from), then this answer's `tail` (payload and analytics URLs) as the fields allow.
 * So a trimmed answer is assembled by copying bytes as a full one is.
 */
export function trimmedWireText(open: Buffer, tail: Json, trim: AnswerTrim, derived: WeakMap<Buffer, Map<string, Buffer>>): Uint8Array[] {
  let shapes = derived.get(open);
  if (!shapes) {
    shapes = new Map();
    derived.set(open, shapes);
  }
  let body = shapes.get(trim.key);
  if (!body) {
    body = Buffer.from(JSON.stringify(trimmedObject(JSON.parse(`${open.toString()}}`) as Json, trim)).slice(0, -1));
    if (shapes.size < TRIMMED_SHAPES_PER_GIF) shapes.set(trim.key, body);
  }
  const members = JSON.stringify(trim.tree ? withFields(tail, trim.tree) : tail).slice(1, -1);
  return [body, Buffer.from(`${members && body.length > 1 ? ',' : ''}${members}}`)];
}

/**
 * GIPHY's `fields` and `bundle` on every /v1 answer, with `country_code` and `region` checked: the
 * answer is made (and cached, in the process and at the edge) in full, and trimmed on its way out
 * only when one of them is given, so every caller shares the same stored wire texts.
 */
export function answerTrimming(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const { bundle, fields } = parseQuery(TrimQuery, c.req.query());
    const answerTrim =
      bundle || fields
        ? { bundle, tree: fields ? fieldTree(fields) : undefined, key: `${bundle ?? ''}|${fields?.join(',') ?? ''}` }
        : undefined;
    c.set('answerTrim', answerTrim);
    await next();
    // GIF answers are made trimmed (public-api/respond.ts); any other answer is trimmed here, as it leaves.
    if (!answerTrim || c.get('trimmed') || c.res.status !== 200 || !c.res.headers.get('Content-Type')?.startsWith('application/json'))
      return;
    const body = (await c.res.json()) as Json;
    const trim = (item: unknown) => (isObject(item) ? trimmedObject(item, answerTrim) : item);
    if ('data' in body) body.data = Array.isArray(body.data) ? body.data.map(trim) : trim(body.data);
    const headers = new Headers(c.res.headers);
    headers.delete('Content-Length');
    const status = c.res.status;
    c.res = undefined;
    c.res = new Response(JSON.stringify(body), { status, headers });
  };
}

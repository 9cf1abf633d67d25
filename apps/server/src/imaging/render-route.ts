import path from 'node:path';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import { jsonBody, parseFields } from '../http/json-body.ts';
import { findUnsafeText } from '../boundary/text.ts';
import { FieldError } from '../http/envelope.ts';
import type { Database } from '../store/schema.ts';
import { receiveForm } from '../uploads/receive-form.ts';
import { RENDER_PATH, TRIM_FORMATS, TRIM_SOURCE_LIMITS } from './constants.ts';
import { EditList } from './edit-list.ts';
import { renderEditList } from './render.ts';
import { sourceFile } from './source.ts';
import { fileAnswered, sourceRef } from './trim-route.ts';
import { decoderOf, fileAnswer, inScratch, queued, sourceContext, type WorkDeps } from './work.ts';
import { describe } from '../openapi/describe.ts';

/** The edit list sent as a form field beside an uploaded file. */
function editsFromForm(text: string | undefined): EditList {
  if (text === undefined) throw new FieldError(400, 'edits', 'Send the edit list as the form field edits (JSON)');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new FieldError(400, 'edits', 'edits is not valid JSON');
  }
  const unsafe = findUnsafeText(parsed);
  if (unsafe) throw new FieldError(400, 'edits', unsafe);
  return parseFields(EditList, parsed);
}

/**
 * `POST /imaging/render`: the GIF maker's final render from its declarative edit list (edit-list.ts),
 * as JSON with `media_url`, or as a form with `file` and the list in `edits`. The answer is the GIF,
 * to upload through the creators' pipeline. Same permission, queue and bounds as a trim.
 */
export function renderRoutes(deps: WorkDeps & { db: Kysely<Database> }) {
  const app = new Hono<AuthEnv>();
  app.post(
    RENDER_PATH,
    describe({
      tag: 'imaging',
      summary: "Render the GIF maker's edit list",
      description: `JSON naming \`media_url\`, or a form with \`file\` and the list as JSON in \`edits\`. ${fileAnswered([TRIM_FORMATS.gif.type])}`,
      access: { permission: 'media.make' },
      body: EditList,
      responseType: 'media',
    }),
    async (c) => {
      await authorizeUser(c, 'media.make');
      decoderOf(deps);
      if (/^application\/json\b/i.test(c.req.header('content-type') ?? '')) return answer(c, deps, await jsonBody(c, EditList), undefined);
      deps.queue.refuseWhenFull();
      return inScratch(deps.workDir, async (dir) => {
        const received = await receiveForm(c, { fileTo: path.join(dir, 'source'), maxBytes: TRIM_SOURCE_LIMITS.maxBytes });
        return answer(
          c,
          deps,
          editsFromForm(received.fields.edits),
          received.file ? { file: path.join(dir, 'source'), filename: received.file.filename } : undefined,
        );
      });
    },
  );
  return app;
}

function answer(
  c: Context<AuthEnv>,
  deps: WorkDeps & { db: Kysely<Database> },
  edits: EditList,
  file: { file: string; filename: string } | undefined,
): Promise<Response> {
  const ref = sourceRef(file, edits.media_url);
  return inScratch(deps.workDir, async (dir) => {
    const made = await queued(deps.queue, async () => {
      const source = await sourceFile(ref, sourceContext(c, deps, path.join(dir, 'fetched')));
      return renderEditList({
        db: deps.db,
        mediaDir: deps.mediaDir,
        store: deps.mediaStore,
        ffmpeg: decoderOf(deps),
        source,
        field: file ? 'file' : 'media_url',
        edits,
        workDir: path.join(dir, 'out'),
      });
    });
    return fileAnswer(made, 'made.gif');
  });
}

import { Hono } from 'hono';
import { bodyLimit } from '../http/body-limit.ts';
import { authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import { ApiError, envelope, FieldError, newResponseId } from '../http/envelope.ts';
import { humanBytes } from '../boundary/human-bytes.ts';
import { MAX_FRAME_BYTES, MAX_FRAMES } from './constants.ts';
import { framesFromImages } from './frames.ts';
import type { Predictor } from './predictor.ts';
import { describe } from '../openapi/describe.ts';
import { TagSuggestionsAnswer } from '@loopbox/contract/tag-prediction';

/** The whole form: every frame at its limit, plus room for the multipart framing. */
const MAX_BODY_BYTES = MAX_FRAMES * MAX_FRAME_BYTES + 64 * 1024;

/**
 * `POST /ajax/tags/prediction/` with `frames` (1–8 still images, multipart): suggested tags, each
 * with its score and where it came from (`text` read in the picture, or visual `neighbours`). The
 * upload form sends a few frames of a file as soon as it is chosen. The body is counted as it
 * streams and refused past its limit.
 */
export function tagPredictionRoutes(predictor: Predictor) {
  const app = new Hono<AuthEnv>();
  app.post(
    '/ajax/tags/prediction/',
    describe({
      tag: 'uploads',
      summary: 'Suggest tags for frames',
      response: TagSuggestionsAnswer,
      description: `1 to ${MAX_FRAMES} still frames of a file (multipart \`frames\`, at most ${humanBytes(MAX_BODY_BYTES)} in all): suggested tags with their score and source, text read in the pictures or visual neighbours.`,
      access: { permission: 'tags.predict' },
      bodyType: 'multipart/form-data',
    }),
    async (c, next) => {
      await authorizeUser(c, 'tags.predict');
      await next();
    },
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new ApiError(413, `frames may take at most ${humanBytes(MAX_BODY_BYTES)} in all`);
      },
    }),
    async (c) => {
      if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? ''))
        throw new ApiError(415, 'Send frames as multipart/form-data');
      const form = await c.req.parseBody({ all: true }).catch(() => {
        throw new ApiError(400, 'The form is malformed');
      });
      const given = ([] as unknown[]).concat(form.frames ?? []);
      const files = given.filter((f): f is File => f instanceof File);
      if (files.length === 0) throw new FieldError(400, 'frames', 'frames must hold at least one image');
      if (files.length > MAX_FRAMES || files.length !== given.length)
        throw new FieldError(400, 'frames', `frames must be 1 to ${MAX_FRAMES} image files`);
      if (files.some((f) => f.size > MAX_FRAME_BYTES))
        throw new FieldError(413, 'frames', `each frame may be at most ${humanBytes(MAX_FRAME_BYTES)}`);
      const images = await Promise.all(files.map(async (f) => Buffer.from(await f.arrayBuffer())));
      const frames = await framesFromImages(images).catch(() => {
        throw new FieldError(400, 'frames', 'frames must be images (PNG, JPEG, GIF or WebP)');
      });
      const suggestions = await predictor.predict(frames, { ocrImage: images[0] });
      return c.json(envelope(suggestions, newResponseId()));
    },
  );
  return app;
}

import { z } from 'zod';
import { normaliseFreeText } from '../boundary/text.ts';
import {
  APPLICATION_DECISIONS,
  APPLICATION_EXAMPLES_MAX,
  APPLICATION_EXAMPLES_MIN,
  APPLICATION_LINKS_MAX,
  APPLICATION_LINKS_MIN,
  APPLICATION_NAME_MAX,
  APPLICATION_URL_MAX,
  APPLICATION_WHY_MAX,
  DECISION_NOTE_MAX,
} from './constants.ts';

/** Free text on one line, trimmed, 1 to `max` characters. */
const line = (name: string, max: number) =>
  z
    .string({ error: `${name} must be text` })
    .transform(normaliseFreeText)
    .pipe(z.string().min(1, `${name} is required`).max(max, `${name} must be at most ${max} characters`));

/** An http(s) URL, trimmed. */
const httpUrl = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .max(APPLICATION_URL_MAX, `${name} must be at most ${APPLICATION_URL_MAX} characters`)
    .transform((v) => v.trim())
    .pipe(z.url({ protocol: /^https?$/, error: `${name} must be an http or https URL` }));

/** Paragraphs allowed: control characters but newlines become spaces, at most two newlines in a row. */
const paragraphs = (name: string, max: number) =>
  z
    .string({ error: `${name} must be text` })
    .transform((v) =>
      v
        .replace(/\r\n?/g, '\n')
        .split('\n')
        .map(normaliseFreeText)
        .join('\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim(),
    )
    .pipe(z.string().min(1, `${name} is required`).max(max, `${name} must be at most ${max} characters`));

/** `POST /api/v1/applications/`: who they are, where their work is, examples of it (checked against this site's GIFs afterwards), and why. */
export const ApplicationBody = z.object({
  name: line('name', APPLICATION_NAME_MAX),
  links: z
    .array(httpUrl('each link'), { error: 'links must be a list of URLs' })
    .min(APPLICATION_LINKS_MIN, `links must hold ${APPLICATION_LINKS_MIN} to ${APPLICATION_LINKS_MAX} URLs`)
    .max(APPLICATION_LINKS_MAX, `links must hold ${APPLICATION_LINKS_MIN} to ${APPLICATION_LINKS_MAX} URLs`),
  examples: z
    .array(
      z
        .string({ error: 'each example must be text' })
        .max(APPLICATION_URL_MAX, `each example must be at most ${APPLICATION_URL_MAX} characters`)
        .transform((v) => v.trim())
        .pipe(z.string().min(1, 'an example must not be empty')),
      { error: 'examples must be a list of GIF ids or URLs' },
    )
    .min(APPLICATION_EXAMPLES_MIN, `examples must hold ${APPLICATION_EXAMPLES_MIN} to ${APPLICATION_EXAMPLES_MAX} GIF ids or URLs`)
    .max(APPLICATION_EXAMPLES_MAX, `examples must hold ${APPLICATION_EXAMPLES_MIN} to ${APPLICATION_EXAMPLES_MAX} GIF ids or URLs`),
  why: paragraphs('why', APPLICATION_WHY_MAX),
});
export type ApplicationInput = z.infer<typeof ApplicationBody>;

export const DecisionBody = z
  .object({
    decision: z.enum(APPLICATION_DECISIONS, { error: `decision must be one of ${APPLICATION_DECISIONS.join(', ')}` }),
    note: z
      .string({ error: 'note must be text' })
      .transform(normaliseFreeText)
      .pipe(z.string().max(DECISION_NOTE_MAX, `note must be at most ${DECISION_NOTE_MAX} characters`))
      .default(''),
  })
  .refine((b) => b.decision !== 'refuse' || b.note.length > 0, {
    message: 'note must say why the application is refused (it is mailed to the applicant)',
    path: ['note'],
  });

export const ApplicationPath = z.object({ application: z.string().regex(/^[1-9][0-9]{0,17}$/, 'application must be an application id') });

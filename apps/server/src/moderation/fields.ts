import { z } from 'zod';
import { normaliseFreeText } from '../boundary/text.ts';
import { NOTE_MAX, SEARCH_TERM_MAX } from './constants.ts';

/** A free-text note (a report's, a decision's reason, a takedown's): normalised to one line, at most NOTE_MAX characters. */
export const noteField = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .transform(normaliseFreeText)
    .pipe(z.string().max(NOTE_MAX, `${name} must be at most ${NOTE_MAX} characters`));

/** One of a named list, the message naming the choices. */
export const oneOf = <T extends readonly [string, ...string[]]>(name: string, values: T) => z.enum(values, { error: `${name} must be one of ${values.join(', ')}` });

/** A search term as staff name it to block or approve: normalised and lower-cased, as the search log keeps it. */
export const TermBody = z.object({
  term: z
    .string({ error: 'term must be text' })
    .transform((t) => normaliseFreeText(t).toLowerCase())
    .pipe(z.string().min(1, 'term must not be empty').max(SEARCH_TERM_MAX, `term must be at most ${SEARCH_TERM_MAX} characters`)),
});

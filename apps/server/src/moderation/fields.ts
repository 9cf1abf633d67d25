import { z } from 'zod';
import { normaliseFreeText } from '../boundary/text.ts';
import { AUDIT_TARGET_KINDS, AUDIT_TARGET_MAX, NOTE_MAX, SEARCH_TERM_MAX } from './constants.ts';

/** A free-text note (a report's, a decision's reason, a takedown's): normalised to one line, at most NOTE_MAX characters. */
export const noteField = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .transform(normaliseFreeText)
    .pipe(z.string().max(NOTE_MAX, `${name} must be at most ${NOTE_MAX} characters`));

/** One of a named list, the message naming the choices. */
export const oneOf = <T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, { error: `${name} must be one of ${values.join(', ')}` });

/** A search term as staff name it to block or approve: normalised and lower-cased, as the search log keeps it. */
export const TermBody = z.object({
  term: z
    .string({ error: 'term must be text' })
    .transform((t) => normaliseFreeText(t).toLowerCase())
    .pipe(z.string().min(1, 'term must not be empty').max(SEARCH_TERM_MAX, `term must be at most ${SEARCH_TERM_MAX} characters`)),
});

const TERM_STREAMS: ReadonlySet<string> = new Set(['search', 'trending_term']);
const TARGET_MESSAGE = `target must be ${AUDIT_TARGET_KINDS.map((k) => `${k}:<${k === 'search' || k === 'trending_term' ? 'term' : 'id'}>`).join(', ')} (at most ${AUDIT_TARGET_MAX} characters after the colon)`;

/**
 * An audit trail target, `<kind>:<id or term>`: a term is read as reports and blocks keep it
 * (normalised, lower-cased, spaces allowed), so `search:Two  Words` finds `two words`.
 */
export const auditTarget = z.string({ error: TARGET_MESSAGE }).transform((t, ctx) => {
  const colon = t.indexOf(':');
  const stream = t.slice(0, colon);
  const raw = normaliseFreeText(t.slice(colon + 1));
  const id = TERM_STREAMS.has(stream) ? raw.toLowerCase() : raw;
  if (colon < 0 || !(AUDIT_TARGET_KINDS as readonly string[]).includes(stream) || id.length === 0 || id.length > AUDIT_TARGET_MAX) {
    ctx.addIssue({ code: 'custom', message: TARGET_MESSAGE });
    return z.NEVER;
  }
  return { stream, id };
});

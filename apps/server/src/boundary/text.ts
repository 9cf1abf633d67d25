import { MAX_JSON_DEPTH } from './constants.ts';

/**
 * What text from outside may hold. PostgreSQL refuses NUL in text and JSON, and lone UTF-16
 * surrogates in JSON; both are refused at the boundary (or, in free text, removed) so they never
 * reach a query or the log.
 */

// A lone surrogate is a high one not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const CONTROL = /\p{Cc}/u;

/** Why a string cannot be stored as it is, or null when it can. */
export function unsafeTextReason(value: string): string | null {
  if (value.includes('\u0000')) return 'must not contain NUL characters';
  if (LONE_SURROGATE.test(value)) return 'must not contain unpaired UTF-16 surrogates';
  return null;
}

/** Whether a one-line value (an id, a key, a name) holds a control character. */
export function hasControlCharacter(value: string): boolean {
  return CONTROL.test(value);
}

const CONTROLS_GLOBAL = new RegExp(CONTROL.source, 'gu');
const LONE_SURROGATES_GLOBAL = new RegExp(LONE_SURROGATE.source, 'g');

/**
 * Free text (a search term, a message): control characters become spaces, lone surrogates are
 * dropped, and runs of whitespace collapse, so `a%00b` searches for `a b`.
 */
export function normaliseFreeText(value: string): string {
  return value.replace(LONE_SURROGATES_GLOBAL, '').replace(CONTROLS_GLOBAL, ' ').replace(/\s+/g, ' ').trim();
}

// Any NUL or surrogate, paired or not: what a value must hold before the exact walk is worth making.
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what this looks for
const MAYBE_UNSAFE = /[\u0000\uD800-\uDFFF]/;

/** Whether findUnsafeText could find anything: the same walk, with no paths built and one test a string. */
function mayHoldUnsafeText(value: unknown, depth: number): boolean {
  if (depth > MAX_JSON_DEPTH) return true;
  if (typeof value === 'string') return MAYBE_UNSAFE.test(value);
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (mayHoldUnsafeText(value[i], depth + 1)) return true;
    return false;
  }
  for (const key of Object.keys(value)) {
    if (MAYBE_UNSAFE.test(key) || mayHoldUnsafeText((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

function unsafeTextAt(value: unknown, path: string, depth: number): string | null {
  if (depth > MAX_JSON_DEPTH) return `${path || 'value'} nests deeper than ${MAX_JSON_DEPTH} levels`;
  if (typeof value === 'string') {
    const reason = unsafeTextReason(value);
    return reason ? `${path || 'value'} ${reason}` : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unsafeTextAt(value[i], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, inner] of Object.entries(value)) {
    const name = path ? `${path}.${key}` : key;
    const keyReason = unsafeTextReason(key);
    if (keyReason) return `a field name in ${path || 'the body'} ${keyReason}`;
    const found = unsafeTextAt(inner, name, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The first string in a parsed JSON value that cannot be stored, as `path reason`, or null. Keys are
 * checked as well as values, and nesting is bounded (MAX_JSON_DEPTH), so a hostile body can never
 * exhaust the stack of whatever reads it next. Clean values (nearly all) cost one quick walk.
 */
export function findUnsafeText(value: unknown, path = '', depth = 0): string | null {
  return mayHoldUnsafeText(value, depth) ? unsafeTextAt(value, path, depth) : null;
}

import { z } from 'zod';
import { ABSENT_VALUES, FREE_TEXT_PARAMS } from '../boundary/constants.ts';
import { ApiError } from './envelope.ts';

/** An integer query parameter with a range; the message names the parameter and the range. */
export function intParam(name: string, min: number, max: number, fallback: number) {
  const message = `${name} must be an integer from ${min} to ${max}`;
  return z
    .string()
    .regex(/^-?\d{1,10}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message))
    .optional()
    .transform((v) => v ?? fallback);
}

/**
 * A query as GIPHY's server reads it for its own clients: a parameter that is empty or the literal
 * `undefined` / `null` (what `URLSearchParams` makes of an unset option) is absent. Free-text
 * parameters keep their value: `undefined` is a word one may search for.
 */
export function presentParams(query: Record<string, string>): Record<string, string> {
  const present: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (!ABSENT_VALUES.has(value) || (FREE_TEXT_PARAMS.has(name) && value !== '')) present[name] = value;
  }
  return present;
}

/** Parses a query (`c.req.query()`) against a schema: absent values dropped, unknown parameters ignored. */
export function parseQuery<T extends z.ZodType>(schema: T, query: Record<string, string>): z.infer<T> {
  return parse(schema, presentParams(query));
}

/** Parses parameters or a body against a schema, turning the first problem into a 400. */
export function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? String(issue.path[0]) : 'request';
  const message = issue?.message ?? 'invalid request';
  throw new ApiError(400, message.startsWith(where) ? message : `${where}: ${message}`);
}

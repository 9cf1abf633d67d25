import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError, FieldError } from './envelope.ts';
import { findUnsafeText } from '../boundary/text.ts';

/** Turns a schema's first problem into a FieldError naming the field. */
export function parseFields<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? String(issue.path[0]) : 'body';
  throw new FieldError(400, field, issue?.message ?? 'invalid request');
}

/**
 * A request's JSON body held to the boundary's rules, then to its schema. JSON only (415 otherwise):
 * a cross-site form cannot send it without a CORS preflight, which the edge refuses for other
 * origins, so unauthenticated changes (sign-up, log in, reset) cannot be forged by another site.
 * Not JSON, text the store cannot keep (NUL, unpaired surrogates) or nesting too deep: a 400 naming
 * the problem and, where there is one, the field.
 */
export async function jsonBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  if (!/^application\/json\b/i.test(c.req.header('content-type') ?? ''))
    throw new ApiError(415, 'The body must be JSON (Content-Type: application/json)');
  const body: unknown = await c.req.json().catch(() => {
    throw new ApiError(400, 'The body is not valid JSON');
  });
  const unsafe = findUnsafeText(body);
  if (unsafe) throw new FieldError(400, /^[^.[ ]+/.exec(unsafe)?.[0] ?? 'body', unsafe);
  return parseFields(schema, body);
}

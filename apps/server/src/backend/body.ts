import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError } from '../public-api/envelope.ts';
import { FieldError } from './errors.ts';

/** Turns a schema's first problem into a FieldError naming the field. */
export function parseFields<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? String(issue.path[0]) : 'body';
  throw new FieldError(400, field, issue?.message ?? 'invalid request');
}

/**
 * A JSON body parsed against a schema. JSON only: a cross-site form cannot send it without a CORS
 * preflight, which the edge refuses for other origins, so unauthenticated changes (sign-up, log in,
 * reset) cannot be forged by another site.
 */
export async function jsonBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) throw new ApiError(415, 'The body must be JSON (Content-Type: application/json)');
  const body: unknown = await c.req.json().catch(() => {
    throw new ApiError(400, 'The body is not valid JSON');
  });
  return parseFields(schema, body);
}

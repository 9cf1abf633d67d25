import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError } from '../public-api/envelope.ts';
import { parse } from '../public-api/params.ts';
import { findUnsafeText } from './text.ts';

/**
 * A request's JSON body held to the boundary's rules, then to its schema: not JSON, text the store
 * cannot keep (NUL, unpaired surrogates) or nesting too deep are each a 400 naming the problem.
 */
export async function jsonBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const body: unknown = await c.req.json().catch(() => {
    throw new ApiError(400, 'body must be JSON');
  });
  const unsafe = findUnsafeText(body);
  if (unsafe) throw new ApiError(400, unsafe);
  return parse(schema, body);
}

import { z } from 'zod';

/** `GET /openapi.json`: an OpenAPI 3.1 document; only its top level is held to a shape here. */
export const OpenApiDocument = z.looseObject({
  openapi: z.string().startsWith('3.1'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.looseObject({})),
});

import { z } from 'zod';

/** SPEC 5: UUIDs are checked for the standard format wherever they are used; the message names the field. */
export const uuidField = (name: string) => z.uuid({ error: `${name} must be a UUID` }).transform((v) => v.toLowerCase());

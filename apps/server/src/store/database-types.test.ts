import fs from 'node:fs';
import { expect, it } from 'vitest';
import { currentDatabaseTypes, DATABASE_TYPES_FILE } from './database-types.ts';

it('keeps the generated table types in step with the migrations (else run `npm run db:types`)', async () => {
  const committed = fs.readFileSync(DATABASE_TYPES_FILE, 'utf8');
  expect(committed).toBe(await currentDatabaseTypes());
}, 60_000);

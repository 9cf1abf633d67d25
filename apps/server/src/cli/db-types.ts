import fs from 'node:fs';
import { currentDatabaseTypes, DATABASE_TYPES_FILE } from '../store/database-types.ts';

/** `npm run db:types`: writes the tables' types generated from the migrations. */
fs.writeFileSync(DATABASE_TYPES_FILE, await currentDatabaseTypes());
console.log(`wrote ${DATABASE_TYPES_FILE}`);

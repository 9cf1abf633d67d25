/**
 * `npm run rotate-admin-token`: writes a new admin token to DATA_DIR/admin-token. A running server
 * takes it within a second (it watches the file) and the old token stops working; a stopped one
 * takes it at its next start. The store is not opened, so this runs beside a server holding it.
 */
import { loadConfig } from '../config.ts';
import { newSecret } from '../auth/secrets.ts';
import { writeAdminTokenFile } from '../tokens/admin-token.ts';

const config = loadConfig();
if (config.adminToken) {
  process.stderr.write('LOOPBOX_ADMIN_TOKEN is set, and it wins over the file: rotate by changing it and restarting the server.\n');
  process.exit(1);
}
const file = writeAdminTokenFile(config.dataDir, newSecret());
process.stdout.write(
  `A new admin token is in ${file}; the old one stops working once the server has read it (within a second, or at its next start).\n`,
);

import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Written into dist at the end of every build (any way it is started); its mtime is the build time. */
export const BUILD_STAMP = path.join(path.dirname(fileURLToPath(import.meta.url)), 'dist', '.build-stamp');

/**
 * `npm run start:imaging`: the imaging service alone, on IMAGING_PORT (default 3003), for an edge
 * elsewhere that reaches it by IMAGING_URL. It shares the main server's store (DATABASE_URL) for
 * callers' tokens and sessions, and its DATA_DIR's media folder for `/media/…` URLs. Without
 * DATABASE_URL it opens (and locks) the embedded store in DATA_DIR, which then must not be the main server's.
 */
import path from 'node:path';
import { serveAlone } from '../services/serve-alone.ts';
import { findDecoder, minVersionText } from '../media/ffmpeg-binary.ts';
import { createImagingApp } from './app.ts';
import { imagingSettingsFrom } from './settings.ts';
import { createMediaStore } from '../media-store/factory.ts';

const IMAGING_PORT_DEFAULT = 3003;

await serveAlone('imaging', { variable: 'IMAGING_PORT', fallback: IMAGING_PORT_DEFAULT }, async ({ store, config, logger, log }) => {
  const decoder = await findDecoder(config.ffmpegPath);
  if (decoder.ffmpeg === null)
    logger.warn(
      `Loopbox imaging: trims and renders are OFF (503): ${decoder.reason}. Install ffmpeg ${minVersionText} or newer (Debian: apt-get install ffmpeg) or set FFMPEG_PATH`,
    );
  return createImagingApp({
    decoder,
    db: store.db,
    mediaDir: config.mediaDir,
    mediaStore: createMediaStore(config.mediaStore),
    workDir: path.join(config.dataDir, 'imaging'),
    publicUrl: config.publicUrl,
    settings: imagingSettingsFrom(process.env),
    log,
  });
});

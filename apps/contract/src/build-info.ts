import { z } from 'zod';
import { Timestamp, type Wire } from './common.ts';

/** `GET /api/v3/env/build`: the build a server runs. */
export const BuildInfo = z.strictObject({
  /** The server package's version. */
  version: z.string(),
  /** The commit (LOOPBOX_COMMIT, else the checkout's HEAD, else `unknown`). */
  commit: z.string(),
  /** LOOPBOX_BUILT_AT, else when the process started (the TypeScript runs unbundled). */
  built_at: Timestamp,
});
export type BuildInfo = Wire<typeof BuildInfo>;

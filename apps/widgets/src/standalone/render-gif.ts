/** Standalone entry (build/standalone.ts): renderGif on the bundled runtime. */
import './preact-effects.ts';
export { renderGif } from '../render/gif.tsx';
export type { Unmount } from '../render/mount.tsx';

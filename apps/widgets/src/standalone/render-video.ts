/** Standalone entry (build/standalone.ts): renderVideo on the bundled runtime. */
import './preact-effects.ts';
export { renderVideo } from '../render/video.tsx';
export type { Unmount } from '../render/mount.tsx';

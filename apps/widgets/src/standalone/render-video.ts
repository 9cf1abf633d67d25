/** Standalone entry (build/standalone.ts): renderVideo on the bundled runtime. */
export { renderVideo } from '../render/video.tsx';
export type { Unmount } from '../render/mount.tsx';

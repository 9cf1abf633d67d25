/** Standalone entry (build/standalone.ts): renderGrid on the bundled runtime. */
import './preact-effects.ts';
export { renderGrid } from '../render/grid.tsx';
export type { Unmount } from '../render/mount.tsx';

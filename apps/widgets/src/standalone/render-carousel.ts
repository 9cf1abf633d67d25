/** Standalone entry (build/standalone.ts): renderCarousel on the bundled runtime. */
import './preact-effects.ts';
export { renderCarousel } from '../render/carousel.tsx';
export type { Unmount } from '../render/mount.tsx';

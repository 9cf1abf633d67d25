/** The render functions, for pages without React: `const unmount = renderGrid({ fetchGifs, width: 800, columns: 3 }, el)`. */
export { renderCarousel } from './render/carousel.tsx';
export { renderGif } from './render/gif.tsx';
export { renderGrid } from './render/grid.tsx';
export { renderVideo } from './render/video.tsx';
export type { Unmount } from './render/mount.tsx';

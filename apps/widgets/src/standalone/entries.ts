/**
 * The standalone bundles (build/standalone.ts): one ES module per render function, named after it,
 * and their stylesheet, served by a Loopbox server at STANDALONE_URL_PATH.
 */
export const STANDALONE_ENTRIES = {
  renderGrid: 'render-grid',
  renderCarousel: 'render-carousel',
  renderGif: 'render-gif',
  renderVideo: 'render-video',
} as const;
export type RenderFunctionName = keyof typeof STANDALONE_ENTRIES;

export const STANDALONE_STYLES = 'styles.css';
export const STANDALONE_URL_PATH = '/lib/widgets/';

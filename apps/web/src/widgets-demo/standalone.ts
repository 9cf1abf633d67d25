import type { renderCarousel, renderGif, renderGrid, renderVideo } from '@loopbox/widgets';
import { STANDALONE_ENTRIES, STANDALONE_STYLES, STANDALONE_URL_PATH, type RenderFunctionName } from '@loopbox/widgets/standalone';

export interface RenderFunctions {
  renderGrid: typeof renderGrid;
  renderCarousel: typeof renderCarousel;
  renderGif: typeof renderGif;
  renderVideo: typeof renderVideo;
}

/**
 * The render functions from the standalone bundles exactly as this server ships them (/lib/widgets/),
 * loaded the way a page without React loads them, with their stylesheet: the demo, and the widget
 * suite that drives it, run the shipped files rather than a second build of the same source.
 */
export async function loadStandaloneWidgets(): Promise<RenderFunctions> {
  const styles = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: `${STANDALONE_URL_PATH}${STANDALONE_STYLES}` });
  const styled = new Promise((resolve) => styles.addEventListener('load', resolve, { once: true }));
  document.head.prepend(styles);
  const load = async <N extends RenderFunctionName>(name: N): Promise<RenderFunctions[N]> => {
    const module = (await import(/* @vite-ignore */ `${STANDALONE_URL_PATH}${STANDALONE_ENTRIES[name]}.js`)) as Record<
      N,
      RenderFunctions[N]
    >;
    return module[name];
  };
  const [grid, carousel, gif, video] = await Promise.all([
    load('renderGrid'),
    load('renderCarousel'),
    load('renderGif'),
    load('renderVideo'),
    styled,
  ]);
  return { renderGrid: grid, renderCarousel: carousel, renderGif: gif, renderVideo: video };
}

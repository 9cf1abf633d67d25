import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { Carousel, type CarouselProps } from './carousel/Carousel.tsx';
import { Gif, type GifProps } from './gif/Gif.tsx';
import { Grid, type GridProps } from './grid/Grid.tsx';
import { Video, type VideoProps } from './video/Video.tsx';

/** Unmounts the widget: the element is left empty, with no timer, observer or listener of ours. */
export type Unmount = () => void;

/**
 * Renders into a `display: contents` host appended to `element`, at once (synchronously), and
 * returns the unmount function. React keeps its event listeners on the root's container for the
 * container's lifetime, so the container is our own host, removed with them on unmount.
 */
function mount(node: ReactNode, element: Element): Unmount {
  const host = element.ownerDocument.createElement('div');
  host.className = 'lb-root';
  host.style.display = 'contents';
  element.append(host);
  const root = createRoot(host);
  flushSync(() => root.render(node));
  let mounted = true;
  return () => {
    if (!mounted) return;
    mounted = false;
    root.unmount();
    host.remove();
  };
}

/** For pages without React: `const unmount = renderGrid({ fetchGifs, width: 800, columns: 3 }, el)`. */
export const renderGrid = (props: GridProps, element: Element): Unmount => mount(<Grid {...props} />, element);
export const renderCarousel = (props: CarouselProps, element: Element): Unmount => mount(<Carousel {...props} />, element);
export const renderGif = (props: GifProps, element: Element): Unmount => mount(<Gif {...props} />, element);
export const renderVideo = (props: VideoProps, element: Element): Unmount => mount(<Video {...props} />, element);

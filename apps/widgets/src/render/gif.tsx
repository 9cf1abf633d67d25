import { Gif, type GifProps } from '../gif/Gif.tsx';
import { mount, type Unmount } from './mount.tsx';

/** For pages without React: mounts a Gif into `element` and returns its unmount function. */
export const renderGif = (props: GifProps, element: Element): Unmount => mount(<Gif {...props} />, element);

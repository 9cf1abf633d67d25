import { Video, type VideoProps } from '../video/Video.tsx';
import { mount, type Unmount } from './mount.tsx';

/** For pages without React: mounts a Video into `element` and returns its unmount function. */
export const renderVideo = (props: VideoProps, element: Element): Unmount => mount(<Video {...props} />, element);

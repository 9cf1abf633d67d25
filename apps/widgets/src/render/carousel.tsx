import { Carousel, type CarouselProps } from '../carousel/Carousel.tsx';
import { mount, type Unmount } from './mount.tsx';

/** For pages without React: mounts a Carousel into `element` and returns its unmount function. */
export const renderCarousel = (props: CarouselProps, element: Element): Unmount => mount(<Carousel {...props} />, element);

import { Carousel, type FetchGifs } from '@loopbox/widgets';
import { useRef } from 'react';
import { carouselHeight, GRID_GUTTER_PX } from './layout.ts';
import { useOpenGif } from '../shell/navigation.ts';
import { useWidth } from './use-width.ts';

/** A sticker or GIF row (the Carousel widget), its tiles opening GIF pages in the site. */
export function GifCarousel({ fetchGifs, label }: { fetchGifs: FetchGifs; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const openGif = useOpenGif();
  const height = carouselHeight(width);
  return (
    <div ref={box} className="lb-site-carousel" style={{ minHeight: height }}>
      {width > 0 && <Carousel fetchGifs={fetchGifs} gifHeight={height} gutter={GRID_GUTTER_PX} label={label} onGifClick={openGif} />}
    </div>
  );
}

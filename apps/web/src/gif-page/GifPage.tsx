import type { IGif, LoopboxFetch } from '@loopbox/sdk';
import { Attribution } from '../embed/Attribution.tsx';
import { embedCode } from '../embed/embed-code.ts';
import RelatedGrid from '../embed/RelatedGrid.tsx';

export interface GifPageProps {
  gif: IGif;
  client: LoopboxFetch;
  width: number;
}

/** The GIF page (/gifs/{slug-or-id}): the GIF, its title, attribution, embed code and related GIFs. */
export function GifPage({ gif, client, width }: GifPageProps) {
  const original = gif.images.original;
  const code = embedCode({ embedUrl: gif.embed_url ?? '', pageUrl: gif.url ?? location.href, width: original?.width ?? 0, height: original?.height ?? 0 });
  return (
    <main className="lb-gif-page__main">
      <h1 className="lb-gif-page__title">{gif.title || gif.alt_text}</h1>
      <picture>
        {original?.webp && <source type="image/webp" srcSet={original.webp} />}
        <img className="lb-gif-page__gif" src={original?.url} alt={gif.alt_text} width={original?.width} height={original?.height} />
      </picture>
      <Attribution user={gif.user} />
      <label className="lb-gif-page__embed">
        Embed code
        <textarea className="lb-gif-page__code" readOnly rows={3} value={code} onFocus={(e) => e.currentTarget.select()} />
      </label>
      <section aria-labelledby="lb-gif-page-related">
        <h2 id="lb-gif-page-related">Related GIFs</h2>
        <RelatedGrid gifId={gif.id} client={client} width={width} />
      </section>
    </main>
  );
}

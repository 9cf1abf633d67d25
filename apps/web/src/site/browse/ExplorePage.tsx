import { explorePath, exploreHead, MAX_SEARCH_TERM_LENGTH, searchPath } from '@loopbox/pages';
import { useCallback } from 'react';
import { Link } from 'wouter';
import { GifCarousel } from '../feeds/GifCarousel.tsx';
import { GifFeed } from '../feeds/GifFeed.tsx';
import { SITE_PAGE_SIZE } from '../feeds/layout.ts';
import { TermPills } from '../feeds/TermPills.tsx';
import { useSite } from '../shell/site-context.tsx';
import { usePage } from '../data/use-page.ts';
import { useResource } from '../data/use-resource.ts';

const RELATED_TAGS_SHOWN = 12;
/** Related tags that get a row of their GIFs. */
const RELATED_ROWS = 3;

/** `/explore/{term}`: the tags used with a term, a row of GIFs for the closest ones, then the term's GIFs. */
export default function ExplorePage({ term }: { term: string }) {
  const { client } = useSite();
  usePage(exploreHead(term), { pagePath: explorePath(term) });
  const query = term.slice(0, MAX_SEARCH_TERM_LENGTH);
  const related = useResource(`explore:${query}`, () =>
    client.relatedTags(query, { limit: RELATED_TAGS_SHOWN }).then((r) => r.data.map((t) => t.name)),
  );
  const fetchGifs = useCallback((offset: number) => client.search(query, { offset, limit: SITE_PAGE_SIZE }), [client, query]);
  const tags = related.status === 'ok' ? related.data : [];
  return (
    <div>
      <header className="lb-page-header">
        <h1 className="lb-page-header__title">Explore {term}</h1>
      </header>
      <section className="lb-section lb-section--pills" aria-labelledby="explore-related">
        <h2 id="explore-related" className="lb-section__title">
          Related tags
        </h2>
        {related.status === 'ok' && tags.length === 0 && <p>No tags are used with “{term}” yet.</p>}
        <TermPills terms={tags} hrefOf={explorePath} label={`Tags related to ${term}`} />
      </section>
      {tags.slice(0, RELATED_ROWS).map((tag) => (
        <ExploreRow key={tag} tag={tag} />
      ))}
      <section className="lb-section" aria-labelledby="explore-all">
        <h2 id="explore-all" className="lb-section__title">
          <Link href={searchPath(term)}>All {term} GIFs</Link>
        </h2>
        <GifFeed fetchGifs={fetchGifs} noResults={<p className="lb-no-results">No GIFs for “{term}” yet.</p>} />
      </section>
    </div>
  );
}

function ExploreRow({ tag }: { tag: string }) {
  const { client } = useSite();
  const fetchGifs = useCallback((offset: number) => client.search(tag, { offset, limit: SITE_PAGE_SIZE }), [client, tag]);
  const id = `explore-tag-${tag.replace(/[^a-z0-9]+/gi, '-')}`;
  return (
    <section className="lb-section" aria-labelledby={id}>
      <h2 id={id} className="lb-section__title">
        <Link href={searchPath(tag)}>{tag}</Link>
      </h2>
      <GifCarousel fetchGifs={fetchGifs} label={`${tag} GIFs`} />
    </section>
  );
}

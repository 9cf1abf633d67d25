import { SEARCH_TYPES, searchPath, type SearchType } from '@loopbox/pages';
import { Link } from 'wouter';
import { TermPills } from '../feeds/TermPills.tsx';
import { useSite } from '../shell/site-context.tsx';
import { useResource } from '../data/use-resource.ts';
import { suggestionsFor } from './alternatives.ts';
import { countOf } from './search-types.ts';

const SUGGESTIONS_SHOWN = 8;

/**
 * Nothing found: say so, then offer what might work instead: the other tabs that have results,
 * tags used with the term, tags spelled like it (completions of its first letters), and what
 * everyone is searching for.
 */
export function NoResults({ term, type, counts }: { term: string; type: SearchType; counts: Record<SearchType, number> | undefined }) {
  const { client } = useSite();
  const suggestions = useResource(`no-results:${term}`, () => suggestionsFor(client, term, SUGGESTIONS_SHOWN));
  const others = SEARCH_TYPES.filter((t) => t !== type && (counts?.[t] ?? 0) > 0);
  return (
    <div className="lb-no-results">
      <h2 className="lb-no-results__title">
        No {{ gifs: 'GIFs', stickers: 'stickers', clips: 'clips' }[type]} found for “{term}”
      </h2>
      {others.map((other) => (
        <p key={other}>
          <Link href={searchPath(term, { type: other })}>
            See {countOf(other, counts![other])} for “{term}”
          </Link>
        </p>
      ))}
      {suggestions.status === 'ok' && (
        <>
          {suggestions.data.related.length > 0 && (
            <>
              <h3>Related tags</h3>
              <TermPills terms={suggestions.data.related} hrefOf={(t) => searchPath(t)} label="Related tags" />
            </>
          )}
          {suggestions.data.similar.length > 0 && (
            <>
              <h3>Did you mean</h3>
              <TermPills terms={suggestions.data.similar} hrefOf={(t) => searchPath(t)} label="Similar tags" />
            </>
          )}
          {suggestions.data.trending.length > 0 && (
            <>
              <h3>Trending searches</h3>
              <TermPills terms={suggestions.data.trending} hrefOf={(t) => searchPath(t)} label="Trending searches" />
            </>
          )}
        </>
      )}
    </div>
  );
}

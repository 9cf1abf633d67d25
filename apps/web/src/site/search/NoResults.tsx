import { searchPath, type SearchType } from '@loopbox/pages';
import { Link } from 'wouter';
import { TermPills } from '../shell/TermPills.tsx';
import { useSite } from '../shell/site-context.tsx';
import { useResource } from '../shell/use-resource.ts';
import { suggestionsFor } from './alternatives.ts';

const SUGGESTIONS_SHOWN = 8;

/**
 * Nothing found: say so, then offer what might work instead: the other tab when it has results,
 * tags used with the term, tags spelled like it (completions of its first letters), and what
 * everyone is searching for.
 */
export function NoResults({ term, type, otherCount }: { term: string; type: SearchType; otherCount: number | undefined }) {
  const { client } = useSite();
  const suggestions = useResource(`no-results:${term}`, () => suggestionsFor(client, term, SUGGESTIONS_SHOWN));
  const other: SearchType = type === 'gifs' ? 'stickers' : 'gifs';
  return (
    <div className="lb-no-results">
      <h2 className="lb-no-results__title">
        No {type === 'stickers' ? 'stickers' : 'GIFs'} found for “{term}”
      </h2>
      {otherCount !== undefined && otherCount > 0 && (
        <p>
          <Link href={searchPath(term, { type: other })}>
            See {otherCount.toLocaleString('en')} {other === 'stickers' ? (otherCount === 1 ? 'sticker' : 'stickers') : otherCount === 1 ? 'GIF' : 'GIFs'} for “{term}”
          </Link>
        </p>
      )}
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

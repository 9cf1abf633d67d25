import { profilePath, searchPath } from '@loopbox/pages';
import { Link } from 'wouter';
import { useSite } from '../shell/site-context.tsx';
import { useResource } from '../data/use-resource.ts';
import { scopeOf } from './scope.ts';

/**
 * For an `@name term` search: whose GIFs these are (a public profile links to it; a channel or an
 * unknown name is just named) and a way to search everywhere instead.
 */
export function ScopeNote({ term }: { term: string }) {
  const { profile } = useSite();
  const scope = scopeOf(term);
  const found = useResource(`profile:${scope?.name ?? ''}`, () => (scope ? profile(scope.name) : Promise.resolve(null)));
  if (!scope) return null;
  const owner = found.status === 'ok' && found.data ? found.data : undefined;
  return (
    <p className="lb-scope">
      Searching only in{' '}
      {owner ? <Link href={profilePath(owner.username)}>@{owner.username.toLowerCase()}</Link> : <strong>@{scope.name}</strong>}
      {scope.rest && (
        <>
          {' · '}
          <Link href={searchPath(scope.rest)}>Search everywhere for “{scope.rest}”</Link>
        </>
      )}
    </p>
  );
}

import { profilePath } from '@loopbox/pages';
import type { IGif } from '@loopbox/sdk';
import { Link } from 'wouter';

/** The GIF maker's credit as the API sends it (`source_gif`, only when the source may be opened). */
interface SourceGif {
  id: string;
  url: string;
  title: string;
  username: string;
}

function sourceOf(gif: IGif): SourceGif | undefined {
  const source = (gif as IGif & { source_gif?: unknown }).source_gif as Partial<SourceGif> | null | undefined;
  if (typeof source?.id !== 'string' || typeof source.url !== 'string') return undefined;
  return {
    id: source.id,
    url: source.url,
    title: typeof source.title === 'string' ? source.title : '',
    username: typeof source.username === 'string' ? source.username : '',
  };
}

/** "Made from {title} by @user": the GIF this one was made from in the GIF maker, and its author. */
export function MadeFrom({ gif }: { gif: IGif }) {
  const source = sourceOf(gif);
  if (!source) return null;
  return (
    <p className="lb-gif-page__made-from">
      Made from <Link href={new URL(source.url, location.origin).pathname}>{source.title || 'a GIF'}</Link>
      {source.username && (
        <>
          {' '}
          by <Link href={profilePath(source.username)}>@{source.username.toLowerCase()}</Link>
        </>
      )}
    </p>
  );
}

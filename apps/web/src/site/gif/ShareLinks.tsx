import { embedCode, gifPath } from '@loopbox/pages';
import type { IGif } from '@loopbox/sdk';
import { popupFeatures, SHARE_TARGETS, shareUrl } from '../../embed/share-links.ts';
import { useSite } from '../shell/site-context.tsx';
import { CopyField } from '../display/CopyField.tsx';

/**
 * Sharing a GIF: the three social networks (each in a popup, SPEC 7.7), and copyable links: the
 * GIF's page, its embed code (SPEC 7.7) and its media file. Each share and copy is an Embed event.
 */
export function ShareLinks({ gif }: { gif: IGif }) {
  const { sendAction } = useSite();
  const pageUrl = `${location.origin}${gifPath(gif)}`;
  const original = gif.images.original;
  const mediaUrl = original?.url ?? original?.webp ?? '';
  const code = embedCode({
    embedUrl: gif.embed_url ?? `${location.origin}/embed/${gif.id}`,
    pageUrl,
    width: original?.width ?? 0,
    height: original?.height ?? 0,
  });
  const title = gif.title || gif.alt_text;
  return (
    <section className="lb-share" aria-labelledby="share-title">
      <h2 id="share-title" className="lb-share__title">
        Share
      </h2>
      <ul className="lb-share__targets">
        {SHARE_TARGETS.map((target) => (
          <li key={target}>
            <button
              type="button"
              className="lb-button"
              onClick={() => {
                sendAction('Social Sharing', target, gif.id);
                window.open(shareUrl(target, { pageUrl, mediaUrl, title }), '_blank', popupFeatures(target));
              }}
            >
              {target === 'Twitter' ? 'Post on X / Twitter' : `Share on ${target}`}
            </button>
          </li>
        ))}
      </ul>
      <CopyField label="GIF link" value={pageUrl} onCopy={() => sendAction('Copy', 'Link', gif.id)} />
      <CopyField label="Embed code" value={code} multiline onCopy={() => sendAction('Copy', 'Embed Code', gif.id)} />
      {mediaUrl && <CopyField label="Direct link to the media" value={mediaUrl} onCopy={() => sendAction('Copy', 'Media Link', gif.id)} />}
    </section>
  );
}

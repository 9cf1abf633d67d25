import type { IExternalMedia } from '@loopbox/sdk';
import { useEffect, useRef } from 'react';
import { FIRST_HOST_API_SCRIPT_URL } from './constants.ts';
import { FIRST_HOST, playerOrigin, playerUrl, type VideoHost } from './external-video.ts';
import { insertScriptOnce } from './player-api-script.ts';
import { readPlayerMessage, subscribeMessages, type PlayerReport } from './player-messages.ts';

export interface MediaOverlayProps {
  media: IExternalMedia & { provider_name: VideoHost };
  showBack: boolean;
  isMobile: boolean;
  onPlayerReport: (report: PlayerReport) => void;
  onBack: () => void;
}

/**
 * The external video in place of the embed (SPEC 2.1), with the back-to-GIF control when shown.
 * Opening the first host's player inserts its API script (once per page). Its own chunk, loaded on
 * first use (the default export is what `lazy()` takes).
 */
export default function MediaOverlay({ media, showBack, isMobile, onPlayerReport, onBack }: MediaOverlayProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const host = media.provider_name;
  const origin = playerOrigin(host);

  useEffect(() => {
    if (host === FIRST_HOST) insertScriptOnce(document, FIRST_HOST_API_SCRIPT_URL);
  }, [host]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      const report = readPlayerMessage(host, event.data);
      if (report) onPlayerReport(report);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [host, origin, onPlayerReport]);

  const subscribe = () => {
    for (const message of subscribeMessages(host)) frame.current?.contentWindow?.postMessage(message, origin);
  };

  return (
    <div className="lb-embed__media-overlay">
      <iframe
        ref={frame}
        className="lb-embed__player"
        src={playerUrl(media)}
        title={`${host} video`}
        allow="autoplay; encrypted-media"
        onLoad={subscribe}
      />
      {showBack && (
        <button type="button" className="lb-embed__back" onClick={onBack}>
          {isMobile ? 'Back' : 'Back to GIF'}
        </button>
      )}
    </div>
  );
}

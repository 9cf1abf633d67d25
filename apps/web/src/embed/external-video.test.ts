import { describe, expect, it } from 'vitest';
import { playerUrl, watchableMedia } from './external-video.ts';
import { readPlayerMessage } from './player-messages.ts';

describe('external video', () => {
  it('builds the first host player URL with SPEC 7.7 parameters, muted', () => {
    const url = new URL(playerUrl({ provider_name: 'YouTube', asset_uid: 'abcDEF12345', start: 12 }));
    expect(url.origin + url.pathname).toBe('https://www.youtube.com/embed/abcDEF12345');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      autoplay: '1',
      loop: '1',
      playsinline: '1',
      fs: '0',
      rel: '0',
      volume: '0',
      enablejsapi: '1',
      start: '11',
      mute: '1',
    });
    expect(new URL(playerUrl({ provider_name: 'YouTube', asset_uid: 'x', start: 0 })).searchParams.get('start')).toBe('0');
  });

  it('builds the second host player URL with SPEC 7.7 parameters, muted', () => {
    const url = new URL(playerUrl({ provider_name: 'Vimeo', asset_uid: '123456789' }));
    expect(url.origin + url.pathname).toBe('https://player.vimeo.com/video/123456789');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      autoplay: 'true',
      byline: 'false',
      loop: 'false',
      title: 'false',
      color: '00ccff',
      muted: 'true',
    });
  });

  it('offers Watch only for a supported host and not with hideVideo', () => {
    expect(watchableMedia({ provider_name: 'Vimeo', asset_uid: '1' })).toBeDefined();
    expect(watchableMedia({ provider_name: 'Dailymotion', asset_uid: '1' })).toBeUndefined();
    expect(watchableMedia({ provider_name: 'Vimeo', asset_uid: '1' }, true)).toBeUndefined();
    expect(watchableMedia(undefined)).toBeUndefined();
  });

  it('reads player messages of both hosts', () => {
    expect(readPlayerMessage('YouTube', '{"event":"onStateChange","info":2}')).toEqual({ type: 'FIRST_HOST_PLAYER_STATE', state: 2 });
    expect(readPlayerMessage('YouTube', { event: 'infoDelivery', info: { playerState: 0 } })).toEqual({
      type: 'FIRST_HOST_PLAYER_STATE',
      state: 0,
    });
    expect(readPlayerMessage('YouTube', '{"event":"infoDelivery","info":{"currentTime":3}}')).toBeUndefined();
    expect(readPlayerMessage('Vimeo', '{"event":"ended"}')).toEqual({ type: 'SECOND_HOST_PLAYER_EVENT', event: 'ended' });
    expect(readPlayerMessage('Vimeo', { event: 'ready' })).toBeUndefined();
    expect(readPlayerMessage('Vimeo', 'not json')).toBeUndefined();
  });
});

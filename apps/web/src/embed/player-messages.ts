import type { SecondHostPlayerEvent } from '@loopbox/machines/embed';
import { FIRST_HOST, type VideoHost } from './external-video.ts';

/** What a player iframe told us, as an embed machine event. */
export type PlayerReport =
  | { type: 'FIRST_HOST_PLAYER_STATE'; state: number }
  | { type: 'SECOND_HOST_PLAYER_EVENT'; event: SecondHostPlayerEvent };

const SECOND_HOST_EVENTS: readonly SecondHostPlayerEvent[] = ['play', 'pause', 'ended'];

function parse(data: unknown): Record<string, unknown> | undefined {
  if (typeof data === 'string') {
    try {
      return parse(JSON.parse(data));
    } catch {
      return undefined;
    }
  }
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : undefined;
}

/**
 * Reads a postMessage from a player. First host: `onStateChange` with the state in `info`, or
 * `infoDelivery` with `info.playerState`. Second host: `{ event: 'play' | 'pause' | 'ended' }`.
 */
export function readPlayerMessage(host: VideoHost, data: unknown): PlayerReport | undefined {
  const message = parse(data);
  if (!message) return undefined;
  if (host === FIRST_HOST) {
    if (message.event === 'onStateChange' && typeof message.info === 'number')
      return { type: 'FIRST_HOST_PLAYER_STATE', state: message.info };
    const info = parse(message.info);
    if (message.event === 'infoDelivery' && typeof info?.playerState === 'number')
      return { type: 'FIRST_HOST_PLAYER_STATE', state: info.playerState };
    return undefined;
  }
  const event = SECOND_HOST_EVENTS.find((name) => name === message.event);
  return event ? { type: 'SECOND_HOST_PLAYER_EVENT', event } : undefined;
}

/** The messages that ask a player to report its state changes. */
export function subscribeMessages(host: VideoHost): string[] {
  if (host === FIRST_HOST) return [JSON.stringify({ event: 'listening', id: 'loopbox-embed', channel: 'widget' })];
  return SECOND_HOST_EVENTS.map((value) => JSON.stringify({ method: 'addEventListener', value }));
}

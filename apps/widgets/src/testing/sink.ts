/** Test-only: a sink that keeps what it is sent. */
import type { PingbackEvent, PingbackSink } from '../pingback/types.ts';

export function recordingSink(): PingbackSink & { events: PingbackEvent[] } {
  const events: PingbackEvent[] = [];
  return { events, send: (event) => events.push(event) };
}

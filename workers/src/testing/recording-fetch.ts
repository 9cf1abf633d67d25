import type { OutgoingEvent } from '../queue/types.ts';

export interface RecordedPost {
  url: string;
  init: RequestInit;
  ids: string[];
}

/**
 * A collector stand-in for unit tests: records every POST and answers with the next scripted
 * reply (a status with headers, or 'network' for a failed fetch); 200 when the script is empty.
 */
export type ScriptedReply = { status: number; headers?: Record<string, string> } | 'network';

export function createRecordingFetch(script: ScriptedReply[] = []) {
  const posts: RecordedPost[] = [];
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    const events = (JSON.parse(String(init.body)) as { events: OutgoingEvent[] }).events;
    posts.push({ url, init, ids: events.map((event) => event.event_id) });
    const reply = script.shift() ?? { status: 200 };
    if (reply === 'network') throw new TypeError('Failed to fetch');
    const body =
      reply.status < 300
        ? { data: { accepted: events.length, duplicates: 0, rejected: [] } }
        : { meta: { status: reply.status, msg: `status ${reply.status}` } };
    return new Response(JSON.stringify(body), { status: reply.status, headers: reply.headers ?? {} });
  };
  return { fetch, posts, script };
}

export const testEvent = (id: string) => ({ event_id: id, action_type: 'SEEN', ts: 1 });

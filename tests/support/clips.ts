/**
 * A clip with sound, uploaded the way a creator uploads (GIPHY's `POST /v1/gifs` with a personal
 * access token), made here by ffmpeg; resolves once the public API serves it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AccountsServer, TestUser } from './accounts.ts';
import { makeClip } from './media-fixtures.ts';

export async function uploadClip(
  server: AccountsServer,
  creator: TestUser,
  dir: string,
  tag: string,
): Promise<{ id: string; slug: string }> {
  const file = await makeClip(path.join(dir, `${tag}.mp4`), { seconds: 1, size: '320x180', audio: true });
  const form = new FormData();
  form.set('api_key', server.webKey);
  form.set('file', new Blob([fs.readFileSync(file)]), path.basename(file));
  form.set('tags', tag);
  form.set('title', `Clip ${tag}`);
  const res = await server.call('POST', '/v1/gifs', { as: creator, via: 'token', form });
  if (res.status !== 200) throw new Error(`clip upload refused: ${res.status} ${res.text}`);
  const id = res.body.data.id as string;
  for (let i = 0; i < 600; i++) {
    const gif = await server.call('GET', `/v1/gifs/${id}?api_key=${server.webKey}`, { direct: true });
    if (gif.status === 200) return { id, slug: gif.body.data.slug as string };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`clip ${id} never appeared`);
}

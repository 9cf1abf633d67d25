import { FetchError, type IGif } from '@loopbox/sdk';
import { describe, expect, it } from 'vitest';
import { pageGifs, refusalOf } from './page-gif.ts';

const wireGif = (id: string) => ({
  id,
  title: `GIF ${id}`,
  tags: ['otter'],
  is_sticker: 0,
  images: { original: { url: `/media/${id}/giphy.gif`, width: '320', height: '240' } },
});
const config = { apiKey: 'k', pageGif: { gif: wireGif('Priv1'), state: 'private', notice: 'Only you and staff can see this GIF.' } };
const refused = (status: number) => new FetchError('Loopbox: refused', '/v1/gifs/x', status);

/** A client whose `gif` answers from `answer` and counts its calls. */
function client(answer: (id: string) => Promise<IGif>) {
  const calls: string[] = [];
  return {
    calls,
    gif: async (id: string) => {
      calls.push(id);
      return { data: await answer(id), meta: { status: 200, msg: 'OK', response_id: 'r' } };
    },
  };
}

describe('the GIF page’s inline GIF', () => {
  it('is shown, normalised, on the first render of its own page only', () => {
    const gifs = pageGifs(config);
    const first = gifs.served('Priv1');
    expect(first?.restricted).toEqual({ state: 'private', notice: 'Only you and staff can see this GIF.' });
    expect(first?.gif).toMatchObject({ id: 'Priv1', is_sticker: false, images: { original: { width: 320, height: 240 } } });
    expect(gifs.served('Priv1')).toBeUndefined();
  });

  it('is not shown on another GIF’s page, nor when the page has none or a malformed one', () => {
    expect(pageGifs(config).served('Other1')).toBeUndefined();
    for (const bad of [
      undefined,
      null,
      {},
      { pageGif: { gif: { title: 'no id' }, state: 'private' } },
      { pageGif: { gif: wireGif('Priv1') } },
    ]) {
      expect(pageGifs(bad).served('Priv1')).toBeUndefined();
    }
  });

  it('loads from the public API when it answers, without a banner', async () => {
    const api = client(async (id) => ({ id, title: 'now public' }) as IGif);
    const shown = await pageGifs(config).load(api, 'Priv1');
    expect(shown).toEqual({ gif: { id: 'Priv1', title: 'now public' } });
    expect(api.calls).toEqual(['Priv1']);
  });

  it.each([404, 410, 451])('falls back to the inline GIF when the API refuses it with %i (back to it within the app)', async (status) => {
    const shown = await pageGifs(config).load(
      client(() => Promise.reject(refused(status))),
      'Priv1',
    );
    expect(shown.gif.id).toBe('Priv1');
    expect(shown.restricted?.state).toBe('private');
  });

  it('passes on a refusal of another GIF, and any other failure', async () => {
    const gifs = pageGifs(config);
    await expect(
      gifs.load(
        client(() => Promise.reject(refused(410))),
        'Other1',
      ),
    ).rejects.toMatchObject({ status: 410 });
    await expect(
      gifs.load(
        client(() => Promise.reject(refused(500))),
        'Priv1',
      ),
    ).rejects.toMatchObject({ status: 500 });
  });

  it('names the refusals that have an error page of their own', () => {
    expect([404, 410, 451, 403, 500, 0].map((status) => refusalOf(refused(status)))).toEqual([
      404,
      410,
      451,
      undefined,
      undefined,
      undefined,
    ]);
    expect(refusalOf(new Error('offline'))).toBeUndefined();
    expect(refusalOf(null)).toBeUndefined();
  });
});

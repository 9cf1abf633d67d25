/**
 * The state × door matrix: a GIF in every state of the content policy, seen through every door
 * (content-policy/doors.ts) by anonymous visitors, its owner, a moderator and staff, answers exactly
 * what the policy's table says (content-policy/table.ts): 200, 404, 410 or 451 by id, and in a
 * listing only when listed. A refusal by 404 reads exactly as an unknown id's does. Both stores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessOf, ANONYMOUS_VIEWER, mayOpen, viewerOf, type ViewerContext } from '../../apps/server/src/content-policy/access.ts';
import { GIF_DOORS, type GifDoor } from '../../apps/server/src/content-policy/doors.ts';
import { GIF_STATES, type GifState } from '../../apps/server/src/content-policy/states.ts';
import { VIEWERS, type Viewer } from '../../apps/server/src/content-policy/table.ts';
import { startAccountsServer, type AccountsServer, type Answer, type TestUser } from '../support/accounts.ts';
import { storeKinds } from '../support/stores.ts';
import { putInState } from './gif-states.ts';

interface MatrixGif {
  id: string;
  tag: string;
  file: string;
}

/** What a door answered: a status for one GIF, or whether the GIF was among those shown. */
type Seen = { status: number; text: string } | boolean;
type Probe = (gif: MatrixGif, as: TestUser | undefined) => Promise<Seen>;

const UNKNOWN_ID = 'zzMatrixUnknown0';

describe.each(storeKinds())('state × door matrix (%s)', (kind) => {
  let server: AccountsServer;
  let people: Record<Exclude<Viewer, 'anonymous'>, TestUser>;
  const gifs = new Map<GifState, MatrixGif>();
  /** For each GIF, a clip (type video) in the same state, for the Clips doors. */
  const clipOf = new Map<string, MatrixGif>();
  const clip = (g: MatrixGif): MatrixGif => clipOf.get(g.id) ?? g;

  const call = (method: string, path: string, as: TestUser | undefined): Promise<Answer> => server.call(method, path, as ? { as } : {});
  const status = (a: Answer): Seen => ({ status: a.status, text: a.text });
  const ids = (list: unknown): string[] => (Array.isArray(list) ? list.map((g: { id: string }) => String(g.id)) : []);
  const tenor = (path: string) => `/tenor/v2/${path}&key=${server.webKey}`;
  /**
   * Whether a search's count alone (`count_only`) counts this GIF: more than the other GIFs its full
   * answer shows (a tag's search may also find the other matrix GIFs, by similarity).
   */
  const counted = async (search: string, id: string, as: TestUser | undefined): Promise<boolean> => {
    const shown = ids((await call('GET', `${search}&limit=50`, as)).body.data);
    const total = (await call('GET', `${search}&count_only=true`, as)).body.pagination.total_count;
    return total > shown.filter((other) => other !== id).length;
  };

  const PROBES: Record<GifDoor, Probe> = {
    api_gif: async (g, as) => status(await call('GET', `/v1/gifs/${g.id}`, as)),
    api_gifs_by_ids: async (g, as) => ids((await call('GET', `/v1/gifs?ids=${g.id}`, as)).body.data).includes(g.id),
    api_associations: async (g, as) => status(await call('GET', `/v1/gifs/${g.id}/associations`, as)),
    api_related: async (g, as) => status(await call('GET', `/v1/gifs/related?gif_id=${g.id}`, as)),
    api_search: async (g, as) => ids((await call('GET', `/v1/gifs/search?q=${g.tag}`, as)).body.data).includes(g.id),
    api_search_count: async (g, as) => counted(`/v1/gifs/search?q=${g.tag}`, g.id, as),
    // The matrix's GIFs trend newest (beforeAll), so the first page holds every one the list may show.
    api_trending: async (g, as) => ids((await call('GET', '/v1/gifs/trending?limit=50&rating=r', as)).body.data).includes(g.id),
    api_tag_search: async (g, as) =>
      ((await call('GET', `/v1/gifs/search/tags?q=${g.tag}`, as)).body.data as { name: string }[]).some((t) => t.name === g.tag),
    // Each matrix GIF features in a category of its own (beforeAll).
    api_categories: async (g, as) =>
      ((await call('GET', '/v1/gifs/categories?limit=50', as)).body.data as { gif?: { id: string } }[]).some((c) => c.gif?.id === g.id),
    api_random: async (g, as) => (await call('GET', `/v1/gifs/random?tag=${g.tag}`, as)).body.data?.id === g.id,
    api_translate: async (g, as) => (await call('GET', `/v1/gifs/translate?s=${g.tag}`, as)).body.data?.id === g.id,
    api_clip: async (g, as) => status(await call('GET', `/v1/clips/${clip(g).id}`, as)),
    api_clips_by_ids: async (g, as) => ids((await call('GET', `/v1/clips?ids=${clip(g).id}`, as)).body.data).includes(clip(g).id),
    api_clips_search: async (g, as) => ids((await call('GET', `/v1/clips/search?q=${clip(g).tag}`, as)).body.data).includes(clip(g).id),
    api_clips_search_count: async (g, as) => counted(`/v1/clips/search?q=${clip(g).tag}`, clip(g).id, as),
    api_videos_search: async (g, as) => ids((await call('GET', `/v1/videos/search?q=${clip(g).tag}`, as)).body.data).includes(clip(g).id),
    api_videos_search_count: async (g, as) => counted(`/v1/videos/search?q=${clip(g).tag}`, clip(g).id, as),
    tenor_posts: async (g, as) => ids((await call('GET', tenor(`posts?ids=${g.id}`), as)).body.results).includes(g.id),
    tenor_search: async (g, as) => ids((await call('GET', tenor(`search?q=${g.tag}`), as)).body.results).includes(g.id),
    tenor_featured: async (g, as) => ids((await call('GET', tenor('featured?limit=50&contentfilter=off'), as)).body.results).includes(g.id),
    embed: async (g, as) => status(await call('GET', `/embed/${g.id}`, as)),
    oembed: async (g, as) => status(await call('GET', `/oembed?url=${encodeURIComponent(`${server.baseUrl}/gifs/${g.id}`)}`, as)),
    site_page: async (g, as) => status(await call('GET', `/gifs/${g.id}`, as)),
    // In the HTML the server sends (its tiles or its written-in data): the GIF's id anywhere in it.
    site_search_page: async (g, as) => (await call('GET', `/search/${g.tag}`, as)).text.includes(g.id),
    // The matrix's GIFs trend newest, so a listed one is in the home page's first grid page.
    site_home_page: async (g, as) => (await call('GET', '/', as)).text.includes(g.id),
    media: async (g, as) => status(await call('GET', `/media/${g.id}/${g.file}`, as)),
    ajax_metadata: async (g, as) => ids((await call('GET', `/ajax/gifs/metadata?gif_ids=${g.id}`, as)).body.data).includes(g.id),
    ajax_tag_counts: async (g, as) => status(await call('GET', `/ajax/gif/${g.id}/tag-counts`, as)),
    favorite: async (g, as) => status(await call('PUT', `/api/v1/favorites/${g.id}/`, as)),
  };

  beforeAll(async () => {
    server = await startAccountsServer(kind, { web: true });
    people = {
      owner: await server.makeUser('creator'),
      moderator: await server.makeUser('moderator'),
      staff: await server.makeUser('staff'),
    };
    const rows = await server.store.db
      .selectFrom('gifs')
      .select(['id', 'images'])
      .where('type', '=', 'gif')
      .where('is_removed', '=', false)
      .orderBy('id')
      .limit(2 * GIF_STATES.length)
      .execute();
    const run = Math.random().toString(36).slice(2, 8);
    for (const [i, state] of GIF_STATES.entries()) {
      const row = rows[i]!;
      const gif = { id: row.id, tag: `matrix${run}x${i}`, file: row.images.original!.gif!.file };
      await putInState(server.store.db, gif.id, state, { userId: people.owner.userId, tags: [gif.tag] });
      gifs.set(state, gif);
      const clipRow = rows[GIF_STATES.length + i]!;
      const asClip = { id: clipRow.id, tag: `matrixclip${run}x${i}`, file: clipRow.images.original!.gif!.file };
      await server.store.db.updateTable('gifs').set({ type: 'video' }).where('id', '=', asClip.id).execute();
      await putInState(server.store.db, asClip.id, state, { userId: people.owner.userId, tags: [asClip.tag] });
      clipOf.set(gif.id, asClip);
      await server.store.db
        .insertInto('categories')
        .values({ slug: `matrix-${run}-${i}`, name: `Matrix ${i}`, parent_slug: null, position: 1000 + i, featured_gif_id: gif.id })
        .execute();
    }
    await server.store.db
      .updateTable('gifs')
      .set({ trending_datetime: new Date(Date.now() + 60_000).toISOString() })
      .where(
        'id',
        'in',
        [...gifs.values()].map((g) => g.id),
      )
      .execute();
    // Asked once, the trending list is kept by the projection runner: the probes read the kept order.
    await call('GET', '/v1/gifs/trending?limit=1&rating=r', undefined);
    await server.analytics.catchUp();
  });
  afterAll(async () => {
    await server?.close();
  });

  function viewerContext(viewer: Viewer): ViewerContext {
    if (viewer === 'anonymous') return ANONYMOUS_VIEWER;
    const person = people[viewer];
    return viewerOf({ kind: 'user', userId: person.userId, username: person.username, role: person.role, via: 'session' });
  }

  /** What the table says the door answers this viewer for a GIF in this state. */
  function expected(door: GifDoor, state: GifState, viewer: Viewer): number | boolean {
    const d: { viewer: 'anyone' | 'request'; kind: 'status' | 'ids' | 'listing'; signedIn?: true } = GIF_DOORS[door];
    if (d.signedIn && viewer === 'anonymous') return 401;
    const access = accessOf(state, people.owner.userId, d.viewer === 'anyone' ? ANONYMOUS_VIEWER : viewerContext(viewer));
    if (d.kind === 'listing') return access === 'listed';
    if (d.kind === 'ids') return mayOpen(access);
    return mayOpen(access) ? 200 : access;
  }

  /** An answer with what varies per call taken out (the id asked, response ids, per-request tokens). */
  // What differs between any two answers: the id asked for, response ids, hashes, and a page's per-answer CSP nonce.
  const normalised = (text: string, id: string) =>
    text
      .replaceAll(id, 'ID')
      .replaceAll(clipOf.get(id)?.id ?? id, 'ID')
      .replace(/"response_id":"[^"]*"/g, '')
      .replace(/[0-9a-f]{32,}/g, 'HEX')
      .replace(/nonce="[^"]*"/g, 'nonce=""');

  it('has a GIF in every state of the policy', () => {
    expect([...gifs.keys()].sort()).toEqual([...GIF_STATES].sort());
  });

  it.each(Object.keys(GIF_DOORS) as GifDoor[])('answers as the table says through %s', async (door) => {
    const wrong: string[] = [];
    for (const state of GIF_STATES) {
      for (const viewer of VIEWERS) {
        const gif = gifs.get(state)!;
        const as = viewer === 'anonymous' ? undefined : people[viewer];
        const seen = await PROBES[door](gif, as);
        const want = expected(door, state, viewer);
        const got = typeof seen === 'boolean' ? seen : seen.status;
        if (got !== want)
          wrong.push(`${state} as ${viewer}: ${got}, expected ${want}${typeof seen === 'boolean' ? '' : ` (${seen.text.slice(0, 120)})`}`);
        // No existence oracle: a GIF refused with 404 reads as an id that never existed.
        if (typeof seen !== 'boolean' && want === 404 && got === 404) {
          const unknown = await PROBES[door]({ ...gif, id: UNKNOWN_ID }, as);
          if (typeof unknown !== 'boolean' && normalised(unknown.text, UNKNOWN_ID) !== normalised(seen.text, gif.id))
            wrong.push(`${state} as ${viewer}: its 404 differs from an unknown id's`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

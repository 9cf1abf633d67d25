/**
 * Anonymous first screens kept while nothing they were read from has changed
 * (apps/server/src/web/first-screen/kept-screens.ts): on the embedded store, which counts its
 * changes, the home and GIF pages' screens are made once and sent again as they were; a GIF taken
 * down or a category renamed drops them at once. A visitor with cookies, a
 * search page, and every page on PostgreSQL (no change count) get a screen made for the request.
 */
import { FIRST_DATA_ELEMENT_ID } from '@loopbox/pages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putInState } from '../content-policy/gif-states.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { storeKinds } from '../support/stores.ts';

interface Shown {
  id?: string;
  name?: string;
}
interface Envelope {
  data: Shown[] | Shown;
  meta: { response_id: string };
}

describe.each(storeKinds())('kept first screens (%s)', (kind) => {
  let server: TestServer;
  const kept = kind === 'pglite';

  beforeAll(async () => {
    server = await startTestServer(kind, { web: true });
  });
  afterAll(() => server?.close());

  /** The first screen's written-in API answers of a page, by their first-data keys. */
  async function screenData(path: string, headers: Record<string, string> = {}): Promise<Record<string, Envelope>> {
    const res = await fetch(`${server.baseUrl}${path}`, { headers });
    expect(res.status).toBe(200);
    const html = await res.text();
    const json = new RegExp(`<script type="application/json" id="${FIRST_DATA_ELEMENT_ID}">(.*?)</script>`, 's').exec(html)?.[1];
    expect(json, `${path} has a first screen`).toBeDefined();
    return JSON.parse(json!);
  }
  const responseIds = (data: Record<string, Envelope>) => Object.values(data).map((answer) => answer.meta.response_id);
  const shownItems = (data: Record<string, Envelope>) =>
    Object.values(data).flatMap(({ data: shown }) => (Array.isArray(shown) ? shown : [shown]));
  const idsShown = (data: Record<string, Envelope>) => shownItems(data).map((item) => item.id);
  const namesShown = (data: Record<string, Envelope>) => shownItems(data).map((item) => item.name);

  it('sends the home page its kept screen until a GIF it shows is taken down', async () => {
    // The first visit marks the trending lists wanted, and building them is a change.
    await screenData('/');
    const first = await screenData('/');
    const again = await screenData('/');
    if (kept) expect(again).toEqual(first);
    else expect(responseIds(again).some((id) => responseIds(first).includes(id))).toBe(false);

    const shown = idsShown(first).find((id): id is string => typeof id === 'string' && id.length > 0)!;
    await putInState(server.store.db, shown, 'removed');
    const after = await screenData('/');
    expect(idsShown(after)).not.toContain(shown);
  });

  it('drops the home screen when a category is renamed', async () => {
    await screenData('/');
    const { slug } = await server.store.db
      .selectFrom('categories')
      .select('slug')
      .where('parent_slug', 'is', null)
      .orderBy('position')
      .executeTakeFirstOrThrow();
    await server.store.db.updateTable('categories').set({ name: 'Renamed while kept' }).where('slug', '=', slug).execute();
    expect(namesShown(await screenData('/'))).toContain('Renamed while kept');
  });

  it('makes a screen for each request with cookies, and for each search page', async () => {
    const anonymous = await screenData('/');
    const withCookie = await screenData('/', { cookie: 'lb_theme=dark' });
    expect(responseIds(withCookie).some((id) => responseIds(anonymous).includes(id))).toBe(false);
    const search = await screenData('/search/cat');
    const searchAgain = await screenData('/search/cat');
    expect(responseIds(searchAgain).some((id) => responseIds(search).includes(id))).toBe(false);
  });

  it('keeps a GIF page per GIF, and answers 404 the moment its GIF is removed', async () => {
    const { id } = await server.store.db
      .selectFrom('gifs')
      .select('id')
      .where('is_removed', '=', false)
      .where('is_hidden', '=', false)
      .where('type', '=', 'gif')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await screenData(`/gifs/${id}`);
    const first = await screenData(`/gifs/${id}`);
    expect(idsShown(first)).toContain(id);
    const again = await screenData(`/gifs/${id}`);
    if (kept) expect(again).toEqual(first);
    else expect(responseIds(again).some((rid) => responseIds(first).includes(rid))).toBe(false);

    // The page's verdict, whose row is kept too, sees the removal at once.
    await putInState(server.store.db, id, 'removed');
    expect((await fetch(`${server.baseUrl}/gifs/${id}`)).status).toBe(404);
  });
});

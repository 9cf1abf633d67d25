import type { AccountsServer, TestUser } from './accounts.ts';

/**
 * Uploads a form through GIPHY's Upload API (`POST /v1/gifs`, by token) and waits until the GIF
 * exists: on a busy machine the API answers the id after a few seconds while processing goes on.
 */
export async function uploadGif(server: AccountsServer, as: TestUser, form: FormData): Promise<string> {
  const res = await server.call('POST', '/v1/gifs', { as, via: 'token', form });
  if (res.status !== 200) throw new Error(`upload refused: ${res.status} ${res.text}`);
  const id = (res.body as { data: { id: string } }).data.id;
  for (let waited = 0; waited < 180_000; waited += 250) {
    if (await server.store.db.selectFrom('gifs').select('id').where('id', '=', id).executeTakeFirst()) return id;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`upload ${id} was not processed within 180 s`);
}

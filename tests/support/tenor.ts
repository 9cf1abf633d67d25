import type { TestServer } from './server.ts';

/** One Tenor v2 answer: the HTTP status, its headers and the parsed JSON body. */
export interface TenorAnswer {
  status: number;
  headers: Headers;
  body: any;
}

/** GET a Tenor-compatible API call (`search?q=cat`) with the server's key, unless the query names its own `key`. */
export async function tenorGet(server: TestServer, pathAndQuery: string): Promise<TenorAnswer> {
  const url = new URL(`${server.baseUrl}/tenor/v2/${pathAndQuery}`);
  if (!url.searchParams.has('key')) url.searchParams.set('key', server.webKey);
  const response = await fetch(url);
  return { status: response.status, headers: response.headers, body: await response.json() };
}

import type { Route } from './routes.ts';

/** The request the edge sends upstream, built up by the middleware before the proxy sends it. */
export interface Forward {
  url: URL;
  headers: Headers;
}

/** What the edge's middleware share through the Hono context. */
export interface EdgeEnv {
  Variables: {
    requestId: string;
    route: Route;
    clientAddress: string;
    forward: Forward;
    /** The API key a public API call is made with: the caller's, or the one the edge added. */
    apiKey?: string;
  };
}

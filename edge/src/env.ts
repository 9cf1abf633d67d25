import type { RequestIdVariables } from 'hono/request-id';
import type { Route } from './routes.ts';

/** The request the edge sends upstream, built up by the middleware before the proxy sends it. */
export interface Forward {
  url: URL;
  headers: Headers;
}

/** The API key a public API call is made with, and whether the edge added it. */
export interface ApiKeyUse {
  value: string;
  injected: boolean;
}

/** What the edge's middleware share through the Hono context. */
export interface EdgeEnv {
  Variables: RequestIdVariables & {
    route: Route;
    clientAddress: string;
    forward: Forward;
    apiKey?: ApiKeyUse;
  };
}

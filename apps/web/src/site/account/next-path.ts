import { NEXT_PARAM, safeNextPath } from '@loopbox/pages';

/** Where the login and join pages send the visitor once signed in: `?next=` when it is a path of this site, else home. */
export const nextPath = (): string => safeNextPath(new URLSearchParams(location.search).get(NEXT_PARAM));

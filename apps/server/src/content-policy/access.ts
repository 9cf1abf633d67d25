import { sql, type RawBuilder } from 'kysely';
import { subjectOf, type Principal } from '../auth/principal.ts';
import { reachOf } from '../permissions/can.ts';
import { GIF_STATES, gifStateOf, gifStateSql, type GifState, type StateColumns } from './states.ts';
import { GIF_POLICY, type Access, type Viewer } from './table.ts';

/**
 * Who looks at GIFs: their standing (staff, a moderator, or anyone else) and, when signed in, their
 * user id, so a GIF of their own is seen as its owner sees it.
 */
export interface ViewerContext {
  standing: Exclude<Viewer, 'owner'>;
  userId: number | null;
}

/** Doors that serve everyone alike (the public API, the embed, oEmbed, Tenor): their answers may be shared and cached. */
export const ANONYMOUS_VIEWER: ViewerContext = Object.freeze({ standing: 'anonymous', userId: null });

/** Someone with no standing of their own who sees their own GIFs as their owner (a story's author). */
export const authorViewer = (userId: number): ViewerContext => ({ standing: 'anonymous', userId });

/** The principal's standing, from the permission table: staff are who may file takedowns, moderators who may moderate. */
export function viewerOf(principal: Principal): ViewerContext {
  if (principal.kind === 'anonymous') return ANONYMOUS_VIEWER;
  const subject = subjectOf(principal);
  const standing =
    reachOf(subject, 'takedown.file') === 'any' ? 'staff' : reachOf(subject, 'gif.moderate') === 'any' ? 'moderator' : 'anonymous';
  return { standing, userId: principal.userId };
}

const RANK: Record<'listed' | 'open', number> = { listed: 2, open: 1 };
const better = (a: Access, b: Access): Access => (typeof b === 'number' ? a : typeof a === 'number' || RANK[b] > RANK[a] ? b : a);

/** The access a viewer has to a GIF in this state, owned by `ownerId`: the best of their standing's and, if theirs, the owner's. */
export function accessOf(state: GifState, ownerId: number | null, viewer: ViewerContext): Access {
  const byStanding = GIF_POLICY[state][viewer.standing];
  return viewer.userId !== null && ownerId === viewer.userId ? better(byStanding, GIF_POLICY[state].owner) : byStanding;
}

/** accessOf a GIF's row. */
export function accessTo(row: StateColumns & { user_id: number | null }, viewer: ViewerContext): Access {
  return accessOf(gifStateOf(row), row.user_id, viewer);
}

export const mayOpen = (access: Access): access is 'listed' | 'open' => typeof access !== 'number';

const statesWhere = (viewer: Viewer) => GIF_STATES.filter((state) => mayOpen(GIF_POLICY[state][viewer]));
const inStates = (states: readonly GifState[]) =>
  states.length ? sql<boolean>`${gifStateSql} IN (${sql.join(states)})` : sql<boolean>`false`;

/** The SQL scope of GIFs (aliased `g`) this viewer may open by id: accessOf as a WHERE clause. */
export function openScope(viewer: ViewerContext): RawBuilder<boolean> {
  const byStanding = inStates(statesWhere(viewer.standing));
  if (viewer.userId === null) return byStanding;
  return sql<boolean>`(${byStanding} OR (g.user_id = ${viewer.userId} AND ${inStates(statesWhere('owner'))}))`;
}

/**
 * The SQL scope of every public listing (search, trending, related, random, feeds, tags and their
 * counts, artists' counts): the GIFs listed for anyone, i.e. in state `public`. It reads the
 * columns the triggers of migrations 013 and 018 keep from the state (`is_hidden`: not public or
 * held by a moderator; `is_removed`: any removal), which the search copy `gif_search` and the
 * listing indexes carry; tests/content-policy/states.test.ts holds the two equal.
 */
export const listedScope = sql<boolean>`(NOT g.is_hidden AND NOT g.is_removed)`;

/** The states listed for anyone: what listedScope stands for. */
export const LISTED_STATES = GIF_STATES.filter((state) => GIF_POLICY[state].anonymous === 'listed');

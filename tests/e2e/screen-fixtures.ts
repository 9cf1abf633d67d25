/**
 * What the phone walk and the visual suite open: fixed fixtures over the sample corpus (a GIF, its
 * author's profile, a channel, a published story, a staff user with a fixed name who owns three
 * GIFs) and the one list
 * of the site's pages, each marked with whether it needs someone signed in.
 */
import { sql } from 'kysely';
import type { AccountsServer, TestUser } from '../support/accounts.ts';
import { attributedGifs } from './site-fixtures.ts';

/** A fixed date for everything the fixtures write, so no screen depends on when the suite ran. */
export const FIXTURE_DATE = '2026-01-15T12:00:00Z';
/** The staff account the walks and screenshots sign in as (a fixed name: it shows in the header). */
export const STAFF_USERNAME = 'screen_staff';
export const STORY_SLUG = 'a-walk-in-gifs';

export interface ScreenFixtures {
  staff: TestUser;
  gif: { id: string; slug: string };
  /** The public author of `gif` (their profile page). */
  author: string;
  channel: string;
  story: string;
}

/** Makes the staff user and a published story by `author` over the corpus; picks a GIF and a channel. */
export async function prepareScreens(server: AccountsServer): Promise<ScreenFixtures> {
  const { db } = server.store;
  const staff = await server.makeUser('staff', { username: STAFF_USERNAME, email: `${STAFF_USERNAME}@example.test` });
  const authored = await attributedGifs(server);
  const gif = authored[0]!;
  const channel = await db
    .selectFrom('channels')
    .select('slug')
    .where('is_visible', '=', true)
    .where('is_private', '=', false)
    .where('parent_id', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const byAuthor = authored.filter((g) => g.username === gif.username).slice(0, 3);
  const owner = await db.selectFrom('users').select('id').where('username', '=', gif.username).executeTakeFirstOrThrow();
  const story = await sql<{ id: string }>`
    INSERT INTO stories (user_id, slug, title, description, cover_gif_id, is_published, published_at, created_at, updated_at)
    VALUES (${owner.id}, ${STORY_SLUG}, 'A walk in GIFs', 'Three loops, one after another.', ${gif.id}, true, ${FIXTURE_DATE}, ${FIXTURE_DATE}, ${FIXTURE_DATE})
    RETURNING id`.execute(db);
  for (const [position, g] of byAuthor.entries())
    await sql`INSERT INTO story_gifs (story_id, position, gif_id, caption) VALUES (${story.rows[0]!.id}, ${position}, ${g.id}, ${`Step ${position + 1}`})`.execute(
      db,
    );
  // Three GIFs of another author become staff's own (My GIFs and analytics show them), dated on the fixture date.
  const mine = authored
    .filter((g) => g.username !== gif.username)
    .slice(0, 3)
    .map((g) => g.id);
  await db
    .updateTable('gifs')
    .set({ user_id: staff.userId, import_datetime: new Date(FIXTURE_DATE), create_datetime: new Date(FIXTURE_DATE) })
    .where('id', 'in', mine)
    .execute();
  return { staff, gif, author: gif.username, channel: channel.slug, story: STORY_SLUG };
}

export interface SitePageVisit {
  path: string;
  /** Only meaningful signed in (a signed-out visitor is sent to /login). */
  signedIn?: boolean;
  /** Staff-only (consoles, the outbox, the review of production keys). */
  staff?: boolean;
}

/** Every page of the site, with the fixtures' ids filled in: the one list the phone walk goes through. */
export function sitePages(f: Omit<ScreenFixtures, 'staff'>): SitePageVisit[] {
  return [
    { path: '/' },
    { path: '/search/cats' },
    { path: '/search/cats/stickers' },
    { path: '/search/zzqxv' },
    { path: `/gifs/${f.gif.slug}` },
    { path: `/${f.author}` },
    { path: '/trending-gifs' },
    { path: '/stickers' },
    { path: '/clips' },
    { path: '/categories' },
    { path: '/categories/animals' },
    { path: '/categories/animals/cats' },
    { path: '/explore/cats' },
    { path: `/${f.channel}` },
    { path: '/stories' },
    { path: `/stories/${f.story}` },
    { path: '/artists' },
    { path: '/studios' },
    { path: '/about' },
    { path: '/apps' },
    { path: '/transparency' },
    { path: '/search' },
    { path: '/join' },
    { path: '/login' },
    { path: '/password' },
    { path: '/404' },
    { path: '/docs/api' },
    { path: '/settings', signedIn: true },
    { path: '/favorites', signedIn: true },
    { path: '/apply', signedIn: true },
    { path: '/upload', signedIn: true },
    { path: '/create', signedIn: true },
    { path: '/dashboard', signedIn: true },
    { path: '/dashboard/analytics', signedIn: true },
    { path: '/dashboard/stories', signedIn: true },
    { path: '/dashboard/schedule', signedIn: true },
    { path: '/dashboard/notices', signedIn: true },
    { path: '/dashboard/channels', signedIn: true },
    { path: '/dashboard/developers', signedIn: true },
    { path: '/dashboard/developers/review', signedIn: true, staff: true },
    { path: '/dashboard/outbox', signedIn: true, staff: true },
    { path: '/dashboard/moderation', signedIn: true, staff: true },
  ];
}

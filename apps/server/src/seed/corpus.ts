import { createHash } from 'node:crypto';
import type { ExternalMedia, GifType, Rating } from '../store/schema.ts';
import { randomArt, type ArtSpec, type Motif } from './art.ts';
import { createRandom, type Random } from './random.ts';
import { TEXT_STYLES, type TextStyle } from '../media/text-stickers.ts';

/** Bump when the plan below changes: a data directory seeded with an older plan is completed on start. */
export const CORPUS_VERSION = '1';

export interface SeedUser {
  username: string;
  display_name: string;
  user_type: 'user' | 'artist' | 'partner' | 'staff';
  is_verified: boolean;
  is_public: boolean;
  suppress_chrome: boolean;
  has_avatar: boolean;
  is_staff: boolean;
  description: string;
}

export interface SeedItem {
  id: string;
  type: GifType;
  title: string;
  alt_text: string;
  rating: Rating;
  username: string | null;
  tags: string[];
  featured_tags: string[];
  category: string | null;
  subcategory: string | null;
  trendingHoursAgo: number | null;
  importDaysAgo: number;
  external_media: ExternalMedia | null;
  emoji?: { group: number; variation: string; of: string | null };
  /** Drawn as animated lettering instead of art (stored text stickers). */
  text?: { message: string; style: TextStyle };
  art: ArtSpec;
}

export interface SeedCategory {
  slug: string;
  name: string;
  parent: string | null;
  position: number;
}

export interface SeedChannel {
  slug: string;
  display_name: string;
  description: string;
  type: 'community' | 'editorial';
  content_type: 'gif' | 'sticker';
  owner: string;
  parent: string | null;
  /** Which items belong: by category or subcategory slug, by owner, or stickers. */
  select: { category?: string; subcategory?: string; owner?: string; stickers?: boolean };
}

export interface CorpusPlan {
  users: SeedUser[];
  items: SeedItem[];
  categories: SeedCategory[];
  channels: SeedChannel[];
}

const user = (username: string, display_name: string, extra: Partial<SeedUser> = {}): SeedUser => ({
  username,
  display_name,
  user_type: 'artist',
  is_verified: false,
  is_public: true,
  suppress_chrome: false,
  has_avatar: true,
  is_staff: false,
  description: `${display_name} makes loops for Loopbox.`,
  ...extra,
});

const USERS: SeedUser[] = [
  user('loopbox', 'Loopbox', { user_type: 'staff', is_verified: true, is_staff: true, description: 'The official Loopbox channel.' }),
  user('studio_sunny', 'Studio Sunny', { is_verified: true }),
  user('pixelpal', 'Pixel Pal'),
  user('dancing_dan', 'Dancing Dan', { user_type: 'user', has_avatar: false }),
  user('hidden_helen', 'Helen H.', { is_public: false }),
  user('quiet_quinn', 'Quinn', { suppress_chrome: true }),
  user('newsroom', 'The Newsroom', { user_type: 'partner', is_verified: true }),
  user('sports_hub', 'Sports Hub', { user_type: 'partner', is_verified: true }),
  user('foodie_fran', 'Foodie Fran', { has_avatar: false }),
  user('nature_nate', 'Nate Outdoors'),
  user('retro_rita', 'Retro Rita', { is_verified: true }),
  user('max_memes', 'Max', { user_type: 'user', is_public: false, has_avatar: false }),
  user('Emoji', 'Emoji', { user_type: 'partner', is_verified: true, description: 'Animated emoji.' }),
];

/** Categories and, per subcategory, the captions its GIFs show. */
const CATEGORY_TREE: Record<string, { name: string; subs: Record<string, string[]> }> = {
  reactions: {
    name: 'Reactions',
    subs: {
      happy: ['yay', 'so happy', 'woohoo', 'smile'],
      sad: ['sad', 'nooo', 'sigh', 'crying'],
      surprised: ['wow', 'omg', 'what?!', 'whoa'],
    },
  },
  animals: {
    name: 'Animals',
    subs: {
      cats: ['meow', 'cat nap', 'purr', 'kitty'],
      dogs: ['woof', 'good dog', 'puppy', 'fetch'],
      birds: ['tweet', 'fly away', 'birb', 'chirp'],
    },
  },
  emotions: {
    name: 'Emotions',
    subs: {
      love: ['love you', 'xoxo', 'crush', 'hugs'],
      angry: ['grr', 'so mad', 'rage', 'ugh'],
      excited: ['lets go', 'hype', 'yes!', 'cant wait'],
    },
  },
  'food-drink': {
    name: 'Food & Drink',
    subs: {
      pizza: ['pizza', 'cheesy', 'slice', 'pizza time'],
      coffee: ['coffee', 'espresso', 'latte', 'wake up'],
      dessert: ['cake', 'donut', 'ice cream', 'sweet'],
    },
  },
  sports: {
    name: 'Sports',
    subs: {
      basketball: ['dunk', 'swish', 'buzzer', 'hoops'],
      soccer: ['goal', 'kick off', 'offside', 'golazo'],
      running: ['run', 'marathon', 'sprint', 'finish'],
    },
  },
  holidays: {
    name: 'Holidays',
    subs: {
      birthday: ['happy birthday', 'party', 'bday', 'cheers'],
      'new-year': ['happy new year', 'countdown', '2027', 'resolutions'],
      halloween: ['boo', 'spooky', 'trick or treat', 'pumpkin'],
    },
  },
};

const CATEGORY_OWNERS: Record<string, string[]> = {
  reactions: ['studio_sunny', 'dancing_dan', 'max_memes', 'quiet_quinn'],
  animals: ['nature_nate', 'pixelpal', 'hidden_helen'],
  emotions: ['studio_sunny', 'retro_rita', 'quiet_quinn'],
  'food-drink': ['foodie_fran', 'pixelpal'],
  sports: ['sports_hub', 'newsroom'],
  holidays: ['loopbox', 'retro_rita', 'newsroom'],
};

const STICKER_CAPTIONS = ['hi', 'ok', 'yes', 'no', 'love', 'cool', 'lol', 'bye', 'hmm', 'yay'];
const EMOJI_GROUPS = [
  { name: 'smiling face', motif: 'face', tints: ['#ffd93d', '#f1c27d', '#c68642', '#8d5524'] },
  { name: 'red heart', motif: 'heart', tints: ['#e63946', '#ff70a6', '#9b5de5', '#00bbf9'] },
  { name: 'glowing star', motif: 'star', tints: ['#ffd166', '#f4a261', '#caffbf', '#ffffff'] },
  { name: 'blushing face', motif: 'face', tints: ['#ffadad', '#f1c27d', '#c68642', '#8d5524'] },
  { name: 'sparkle heart', motif: 'heart', tints: ['#ff006e', '#fb5607', '#ffbe0b', '#3a86ff'] },
] as const;
const TEXT_PHRASES = ['hello', 'thank you', 'lol', 'omg', 'no way', 'congrats', 'good morning', 'see you soon'];
const VIDEO_CAPTIONS = ['breaking news', 'highlights', 'recap', 'trailer', 'behind the scenes', 'interview'];
const EXTERNAL_HOSTS: ExternalMedia['provider_name'][] = ['YouTube', 'Vimeo'];

const RATING_WEIGHTS: [Rating, number][] = [
  ['g', 0.55],
  ['pg', 0.25],
  ['pg-13', 0.15],
  ['r', 0.05],
];

/** GIPHY-style ids: 18 base62 characters, derived from a stable key so reseeding finds the same rows. */
export function stableId(key: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const digest = createHash('sha256').update(`loopbox-demo:${key}`).digest();
  return Array.from(digest.subarray(0, 18), (b) => alphabet[b % 62]).join('');
}

function pickRating(random: Random): Rating {
  let roll = random.next();
  for (const [rating, weight] of RATING_WEIGHTS) {
    roll -= weight;
    if (roll < 0) return rating;
  }
  return 'g';
}

const titleCase = (text: string): string => text.replace(/\b\w/g, (c) => c.toUpperCase());
const byline = (username: string | null): string => {
  const u = USERS.find((x) => x.username === username);
  return u ? ` by ${u.display_name}` : '';
};

function altText(random: Random, art: ArtSpec, caption: string): string {
  // A quarter have none, so clients exercise their alt-text fallback.
  if (random.chance(0.25)) return '';
  return `Animated ${art.motif} on a ${art.palette.name} background with the words "${caption}"`;
}

export function planCorpus(): CorpusPlan {
  const random = createRandom(20261122);
  const items: SeedItem[] = [];
  let gifIndex = 0;

  for (const [category, { subs }] of Object.entries(CATEGORY_TREE)) {
    for (const [subcategory, captions] of Object.entries(subs)) {
      for (let k = 0; k < 7; k++) {
        const caption = captions[k % captions.length] as string;
        const art = randomArt(random, { caption, transparent: false });
        const username = random.chance(0.15) ? null : random.pick(CATEGORY_OWNERS[category] as string[]);
        const words = caption.replace(/[^a-z0-9 ]/gi, '').toLowerCase();
        const external = gifIndex % 21 === 5 ? externalMedia(random, gifIndex) : null;
        items.push({
          id: stableId(`gif-${gifIndex}`),
          type: 'gif',
          title: `${titleCase(caption)} ${titleCase(art.motif)} GIF${byline(username)}`,
          alt_text: altText(random, art, caption),
          rating: pickRating(random),
          username,
          tags: unique([
            words,
            subcategory.replace('-', ' '),
            category.replace('-', ' & '),
            art.motif,
            art.palette.name,
            ...(random.chance(0.3) ? ['loop'] : []),
          ]),
          featured_tags: [words, subcategory],
          category,
          subcategory,
          trendingHoursAgo: random.chance(0.35) ? random.int(1, 72) : null,
          importDaysAgo: random.int(1, 400),
          external_media: external,
          art,
        });
        gifIndex++;
      }
    }
  }

  for (let k = 0; k < 40; k++) {
    const caption = STICKER_CAPTIONS[k % STICKER_CAPTIONS.length] as string;
    const art = randomArt(random, { caption, transparent: true });
    const username = random.pick(['studio_sunny', 'pixelpal', 'retro_rita', 'quiet_quinn', 'loopbox']);
    items.push({
      id: stableId(`sticker-${k}`),
      type: 'sticker',
      title: `${titleCase(caption)} ${titleCase(art.motif)} Sticker${byline(username)}`,
      alt_text: altText(random, art, caption),
      rating: random.chance(0.8) ? 'g' : 'pg',
      username,
      tags: unique(['transparent', caption, art.motif, art.palette.name, 'sticker']),
      featured_tags: [caption],
      category: null,
      subcategory: null,
      trendingHoursAgo: random.chance(0.3) ? random.int(1, 72) : null,
      importDaysAgo: random.int(1, 400),
      external_media: null,
      art,
    });
  }

  EMOJI_GROUPS.forEach((group, g) => {
    const defaultId = stableId(`emoji-${g}-0`);
    group.tints.forEach((tint, v) => {
      const art = randomArt(random, { caption: '', transparent: true, motif: group.motif as Motif, tint, size: [200, 200] });
      items.push({
        id: v === 0 ? defaultId : stableId(`emoji-${g}-${v}`),
        type: v === 0 ? 'emoji' : 'sticker',
        title: `${titleCase(group.name)}${v === 0 ? '' : ` Variation ${v}`} Sticker by Emoji`,
        alt_text: '',
        rating: 'g',
        username: 'Emoji',
        tags: ['transparent', 'emoji', ...group.name.split(' '), group.name],
        featured_tags: [group.name],
        category: null,
        subcategory: null,
        trendingHoursAgo: null,
        importDaysAgo: 30,
        external_media: null,
        emoji: { group: g + 1, variation: v === 0 ? 'default' : `variation_0${v}`, of: v === 0 ? null : defaultId },
        art,
      });
    });
  });

  TEXT_PHRASES.forEach((message, k) => {
    const style = TEXT_STYLES[k % TEXT_STYLES.length] as TextStyle;
    items.push({
      id: stableId(`text-${k}`),
      type: 'text',
      title: `${titleCase(message)} Text Sticker by Loopbox`,
      alt_text: `The words "${message}" animated (${style})`,
      rating: 'g',
      username: 'loopbox',
      tags: unique(['text', 'transparent', message, ...message.split(' '), style]),
      featured_tags: [message],
      category: null,
      subcategory: null,
      trendingHoursAgo: k < 4 ? k + 1 : null,
      importDaysAgo: 10 + k,
      external_media: null,
      text: { message, style },
      art: randomArt(random, { caption: message, transparent: true }),
    });
  });

  VIDEO_CAPTIONS.forEach((caption, k) => {
    const art = randomArt(random, { caption, transparent: false, size: [640, 360], frames: 24 });
    const username = k % 2 === 0 ? 'newsroom' : 'sports_hub';
    items.push({
      id: stableId(`video-${k}`),
      type: 'video',
      title: `${titleCase(caption)} Video${byline(username)}`,
      alt_text: altText(random, art, caption),
      rating: k % 3 === 0 ? 'pg-13' : 'g',
      username,
      tags: unique([caption, 'video', art.motif, username === 'newsroom' ? 'news' : 'sports']),
      featured_tags: [caption],
      category: null,
      subcategory: null,
      trendingHoursAgo: k < 3 ? k + 1 : null,
      importDaysAgo: k + 1,
      external_media: null,
      art,
    });
  });

  return { users: USERS, items, categories: categories(), channels: channels() };
}

function externalMedia(random: Random, index: number): ExternalMedia {
  const provider_name = EXTERNAL_HOSTS[index % 2] as ExternalMedia['provider_name'];
  const start = random.int(0, 90);
  if (provider_name === 'YouTube') {
    const asset_uid = stableId(`yt-${index}`).slice(0, 11);
    return { provider_name, asset_uid, start, url: `https://www.youtube.com/watch?v=${asset_uid}&t=${start}s` };
  }
  const asset_uid = String(100_000_000 + random.int(0, 899_999_999));
  return { provider_name, asset_uid, start, url: `https://vimeo.com/${asset_uid}` };
}

function categories(): SeedCategory[] {
  const out: SeedCategory[] = [];
  Object.entries(CATEGORY_TREE).forEach(([slug, { name, subs }], i) => {
    out.push({ slug, name, parent: null, position: i });
    Object.keys(subs).forEach((sub, j) => {
      out.push({ slug: sub, name: titleCase(sub.replace('-', ' ')), parent: slug, position: j });
    });
  });
  return out;
}

function channels(): SeedChannel[] {
  const out: SeedChannel[] = [];
  for (const [slug, { name, subs }] of Object.entries(CATEGORY_TREE)) {
    out.push({
      slug,
      display_name: name,
      description: `The best ${name.toLowerCase()} GIFs.`,
      type: 'editorial',
      content_type: 'gif',
      owner: 'loopbox',
      parent: null,
      select: { category: slug },
    });
    for (const sub of Object.keys(subs)) {
      out.push({
        slug: `${slug}-${sub}`,
        display_name: titleCase(sub.replace('-', ' ')),
        description: `${titleCase(sub.replace('-', ' '))} ${name}.`,
        type: 'editorial',
        content_type: 'gif',
        owner: 'loopbox',
        parent: slug,
        select: { subcategory: sub },
      });
    }
  }
  for (const owner of ['studio_sunny', 'pixelpal', 'retro_rita', 'sports_hub', 'newsroom', 'foodie_fran']) {
    const u = USERS.find((x) => x.username === owner) as SeedUser;
    out.push({
      slug: owner.replace('_', '-'),
      display_name: u.display_name,
      description: u.description,
      type: 'community',
      content_type: 'gif',
      owner,
      parent: null,
      select: { owner },
    });
  }
  out.push({
    slug: 'stickers',
    display_name: 'Stickers',
    description: 'Transparent stickers for every chat.',
    type: 'editorial',
    content_type: 'sticker',
    owner: 'loopbox',
    parent: null,
    select: { stickers: true },
  });
  return out;
}

function unique(values: string[]): string[] {
  return [...new Set(values.filter(Boolean))];
}

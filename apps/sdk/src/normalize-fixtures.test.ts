/**
 * Every real GIPHY response in tests/fixtures/giphy goes through the client and comes out clean:
 * ids are strings, flags booleans, rendition sizes integers, tags strings; nothing else changes.
 */
import { describe, expect, it } from 'vitest';
import { LoopboxFetch } from './client.ts';
import { isRecord } from './coerce.ts';
import { GIF_FLAGS, USER_FLAGS } from './constants.ts';
import { normalizeChannel, normalizeGif } from './normalize.ts';
import { giphyFixture as loadFixture, giphyFixtureNames as fixtureNames } from '../../../tests/support/fixtures.ts';
import { jsonResponse, recordingFetch } from './testing/recording-fetch.ts';
import type { IChannel, IGif } from './types.ts';

type Call = (client: LoopboxFetch) => Promise<{ data: unknown }>;

const FIXTURE_CALLS: Record<string, Call> = {
  'channels-search.json': (c) => c.searchChannels('nba'),
  'default-emoji-variations.json': (c) => c.emojiDefaultVariations(),
  'emoji-variations.json': (c) => c.emojiVariations('dalJ0CpF7hwmN1nZXe'),
  'gif.json': (c) => c.gif('l0HlyLQsbvhciAuKA'),
  'gifs.json': (c) => c.search('sunny'),
  'trending-searches.json': (c) => c.trendingSearches(),
};

/** Keys whose values normalisation may change; everything else must come out as it went in. */
const NORMALISED_KEYS = new Set<string>([
  'id',
  'tags',
  'width',
  'height',
  'alt_text',
  ...GIF_FLAGS,
  ...USER_FLAGS,
  'has_children',
  'is_visible',
  'is_private',
  'is_live',
]);

function withoutNormalisedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNormalisedKeys);
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, v]) => !NORMALISED_KEYS.has(key) && v !== undefined && v !== null)
      .map(([key, v]) => [key, withoutNormalisedKeys(v)]),
  );
}

/** Pairs of (wire GIF, clean GIF) found at the same place in both trees. */
function gifPairs(wire: unknown, clean: unknown, pairs: Array<[Record<string, unknown>, IGif]> = []) {
  if (Array.isArray(wire) && Array.isArray(clean)) {
    wire.forEach((item, index) => {
      gifPairs(item, clean[index], pairs);
    });
  } else if (isRecord(wire) && isRecord(clean)) {
    if (isRecord(wire.images)) pairs.push([wire, clean as unknown as IGif]);
    for (const key of Object.keys(wire)) if (key !== 'images') gifPairs(wire[key], clean[key], pairs);
  }
  return pairs;
}

async function run(name: string) {
  const wire = loadFixture(name);
  const call = FIXTURE_CALLS[name];
  if (!call) throw new Error(`no client call mapped to ${name}`);
  const client = new LoopboxFetch('key', { fetch: recordingFetch(() => jsonResponse(wire)), storage: null });
  return { wire, result: await call(client) };
}

describe('GIPHY fixtures', () => {
  it('maps every fixture file to a client call', () => {
    expect(Object.keys(FIXTURE_CALLS).sort()).toEqual(fixtureNames());
  });

  describe.each(fixtureNames())('%s', (name) => {
    it('changes nothing but the normalised fields', async () => {
      const { wire, result } = await run(name);
      expect(withoutNormalisedKeys(result.data)).toEqual(withoutNormalisedKeys(wire.data));
    });

    it('makes every GIF clean and faithful to the wire', async () => {
      const { wire, result } = await run(name);
      const pairs = gifPairs(wire.data, result.data);
      if (name !== 'trending-searches.json') expect(pairs.length).toBeGreaterThan(0);
      for (const [wireGif, gif] of pairs) {
        expect(gif.id).toBe(String(wireGif.id));
        expect(gif.tags.every((tag) => typeof tag === 'string')).toBe(true);
        expect(gif.alt_text).toMatch(/\S/);
        for (const flag of GIF_FLAGS) expect(gif[flag]).toBe(wireGif[flag] === 1 || wireGif[flag] === true);
        for (const [renditionName, rendition] of Object.entries(gif.images)) {
          const wireRendition = (wireGif.images as Record<string, Record<string, unknown>>)[renditionName];
          expect(Number.isInteger(rendition.width)).toBe(true);
          expect(Number.isInteger(rendition.height)).toBe(true);
          if (wireRendition?.width !== undefined) expect(rendition.width).toBe(Number(wireRendition.width));
          if (wireRendition?.height !== undefined) expect(rendition.height).toBe(Number(wireRendition.height));
          expect(rendition.url).toBe(wireRendition?.url);
        }
        for (const flag of USER_FLAGS) {
          const value = gif.user?.[flag];
          if (value !== undefined) expect(typeof value).toBe('boolean');
        }
      }
    });

    it('is unchanged by a second normalisation', async () => {
      const { result } = await run(name);
      const records = Array.isArray(result.data) ? result.data : [result.data];
      for (const record of records) {
        if (!isRecord(record)) continue;
        if ('images' in record) {
          const gif = record as unknown as IGif;
          expect(normalizeGif(gif)).toEqual(gif);
        } else {
          const channel = record as unknown as IChannel;
          expect(normalizeChannel(channel)).toEqual(channel);
        }
      }
    });
  });

  it('gif.json: one GIF with its user, its title as alt text and its string sizes as numbers', async () => {
    const { result } = await run('gif.json');
    const gif = result.data as IGif;
    expect(gif.id).toBe('l0HlyLQsbvhciAuKA');
    expect(gif.is_sticker).toBe(false);
    expect(gif.images.hd).toMatchObject({ width: 1500, height: 1606 });
    expect(gif.images['480w_still']).toMatchObject({ width: 480, height: 514 });
    expect(gif.user).toMatchObject({ username: 'haydiroket', is_verified: true });
    expect(gif.alt_text).toBe('summer surf GIF by haydiroket (Mert Keskin)');
  });

  it('gifs.json: pagination and meta of a search', async () => {
    const { wire, result } = await run('gifs.json');
    expect(result).toMatchObject({ pagination: { total_count: 5, count: 5, offset: 0 }, meta: wire.meta });
    expect((result.data as IGif[]).map((gif) => 'user' in gif)).toEqual([false, true, false, false, false]);
  });

  it('channels-search.json: channels with clean users and featured GIFs, ranked tags kept', async () => {
    const { result } = await run('channels-search.json');
    const channels = result.data as IChannel[];
    expect(channels).toHaveLength(6);
    expect(channels[0]).toMatchObject({ id: 1121, slug: 'nba', has_children: true, user: { is_public: true } });
    expect(typeof channels[0]?.featured_gif?.id).toBe('string');
    expect(channels.flatMap((c) => c.tags ?? []).some((tag) => tag.tag === 'nba')).toBe(true);
  });

  it('default-emoji-variations.json: stickers with cursor pagination', async () => {
    const { result } = await run('default-emoji-variations.json');
    expect(result).toMatchObject({ pagination: { count: 5, offset: 0, next_cursor: 5 } });
    const emoji = result.data as IGif[];
    expect(emoji.every((gif) => gif.is_sticker)).toBe(true);
    expect(emoji[0]).toMatchObject({ variation_count: 5, emoji_group_id: 1 });
  });

  it('emoji-variations.json: a list without pagination', async () => {
    const { result } = await run('emoji-variations.json');
    expect(result).not.toHaveProperty('pagination');
    expect((result.data as IGif[])[0]?.variation).toBe('variation_01');
  });

  it('trending-searches.json: the terms as strings', async () => {
    const { result } = await run('trending-searches.json');
    expect(result.data).toHaveLength(20);
    expect((result.data as string[])[0]).toBe('barack obama');
  });
});

import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { TRENDING_MIN_SEARCHERS_DEFAULT } from './constants.ts';
import { normaliseTerm } from './search-log.ts';

/** What a search term needs to show in trending searches (the API, the site, Tenor, the dashboards). */
export interface TrendingSearchRules {
  /** Distinct searchers who found results for it in the window (TRENDING_MIN_SEARCHERS). */
  minSearchers: number;
  /** Whether staff approve each term before it shows (TRENDING_REVIEW=on). */
  review: boolean;
  /** Entries no trending term may contain: the shipped list plus TRENDING_BLOCKLIST_FILE's. */
  blocklist: ReadonlySet<string>;
}

export const DEFAULT_BLOCKLIST_FILE = fileURLToPath(new URL('./trending-blocklist.txt', import.meta.url));

/** The entries of a blocklist file: one a line, `#` starts a comment, normalised as search terms are. */
export function readBlocklist(file: string): string[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => normaliseTerm(line.replace(/#.*/, '')))
    .filter(Boolean);
}

const Env = z.object({
  TRENDING_MIN_SEARCHERS: z.coerce
    .number({ error: 'TRENDING_MIN_SEARCHERS must be a whole number from 1 to 1000' })
    .int('TRENDING_MIN_SEARCHERS must be a whole number from 1 to 1000')
    .min(1, 'TRENDING_MIN_SEARCHERS must be at least 1')
    .max(1000, 'TRENDING_MIN_SEARCHERS must be at most 1000')
    .default(TRENDING_MIN_SEARCHERS_DEFAULT),
  TRENDING_REVIEW: z.enum(['on', 'off'], { error: 'TRENDING_REVIEW must be on or off' }).default('off'),
  TRENDING_BLOCKLIST_FILE: z.string().optional(),
});

/** The rules from the environment; a bad value (or a blocklist file that cannot be read) stops the start with its name. */
export function trendingRulesFrom(env: Readonly<Record<string, string | undefined>>): TrendingSearchRules {
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = Env.safeParse(given);
  if (!parsed.success) throw new Error(`Trending searches: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  const extra = parsed.data.TRENDING_BLOCKLIST_FILE;
  let added: string[] = [];
  if (extra) {
    try {
      added = readBlocklist(extra);
    } catch (err) {
      throw new Error(`Trending searches: TRENDING_BLOCKLIST_FILE ${extra} cannot be read: ${(err as Error).message}`);
    }
  }
  return {
    minSearchers: parsed.data.TRENDING_MIN_SEARCHERS,
    review: parsed.data.TRENDING_REVIEW === 'on',
    blocklist: new Set([...readBlocklist(DEFAULT_BLOCKLIST_FILE), ...added]),
  };
}
